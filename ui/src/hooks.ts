import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError, gql } from "./api";

export interface QueryState<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
}

/** Run `query` whenever `key` (a string of its inputs) changes; the latest answer wins. */
export function useQuery<T>(query: string, variables: Record<string, unknown>, key: string, skip = false): QueryState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
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
    gql<T>(query, vars.current).then(
      (result) => {
        if (ticket === latest.current) {
          setData(result);
          setLoading(false);
        }
      },
      (exc: unknown) => {
        if (ticket === latest.current) {
          setError(exc instanceof ApiError ? exc : new ApiError(String(exc), "ERROR"));
          setLoading(false);
        }
      },
    );
  }, [query, key, tick, skip]);

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
