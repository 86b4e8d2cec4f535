const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A date-time as the reader's locale writes it, in UTC (the API's zone), or a dash. */
export function when(value: string | null | undefined): string {
  if (!value) return "–";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${dateTime.format(date)} UTC`;
}

export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${Math.round(value * 100)} %`;
}

export function count(value: number): string {
  return value.toLocaleString();
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/** A `lang` for text with CJK characters (glyph choice for unified Han), else undefined. */
export function langOf(text: string | null | undefined): string | undefined {
  return text && CJK.test(text) ? "zh" : undefined;
}

export function label(value: string): string {
  return value.toLowerCase().replace(/_/g, " ");
}

/** Path parameters arrive decodeURI'd; this finishes the job (ids with "/" or "?" in them). */
export function decodeParam(value: string | undefined): string {
  if (value === undefined) return "";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A path segment for an id or a name. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
