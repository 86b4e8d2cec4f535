import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { TypedDocument } from "../../clients/typescript/src/transport";
import { asError, gql, type GraphsvcError } from "./api";

export interface QueryState<T> {
  data: T | null;
  error: GraphsvcError | null;
  loading: boolean;
  reload: () => void;
}

/** Run `document` whenever `key` (a string of its inputs) changes; the latest answer wins. */
export function useQuery<TResult, TVariables>(
  document: TypedDocument<TResult, TVariables>,
  variables: TVariables,
  key: string,
  skip = false,
): QueryState<TResult> {
  const [data, setData] = useState<TResult | null>(null);
  const [error, setError] = useState<GraphsvcError | null>(null);
  const [loading, setLoading] = useState(!skip);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const vars = useRef(variables);
  vars.current = variables;

  useEffect(() => {
    if (skip) {
      setLoading(false);
      return;
    }
    const ticket = ++latest.current;
    setLoading(true);
    setError(null);
    gql(document, vars.current).then(
      (result) => {
        if (ticket === latest.current) {
          setData(result);
          setLoading(false);
        }
      },
      (exc: unknown) => {
        if (ticket === latest.current) {
          setError(asError(exc));
          setLoading(false);
        }
      },
    );
  }, [document, key, tick, skip]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}

/** Client-side pages over a list already fetched (lists whose query has a limit but no cursor). */
export function usePages<T>(items: T[], pageSize: number, resetKey: string): {
  page: T[];
  index: number;
  pages: number;
  go: (index: number) => void;
} {
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [resetKey]);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const clamped = Math.min(index, pages - 1);
  return { page: items.slice(clamped * pageSize, (clamped + 1) * pageSize), index: clamped, pages, go: setIndex };
}
