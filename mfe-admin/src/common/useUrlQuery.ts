import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A search's terms, kept in the address too, so Back from a result returns to the same results. The address is
 * written after the render, not in the submit handler: a navigation (a transition) started inside a form's submit
 * event makes React track the form's status, which the test DOM cannot build.
 */
export function useUrlQuery<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<K, string>);
  const signature = names.map((n) => query[n]).join('\u0000');
  const written = useRef(signature);
  useEffect(() => {
    if (written.current === signature) return;
    written.current = signature;
    setParams(Object.fromEntries(names.filter((n) => query[n]).map((n) => [n, query[n]])));
    // `names` is a constant per page; `signature` stands for `query`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return [query, setQuery, signature] as const;
}
