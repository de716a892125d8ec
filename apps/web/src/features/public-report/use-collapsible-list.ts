import { useCallback, useState } from 'react';

/** Which items of a repeatable list are collapsed (by their field-array id). */
export function useCollapsibleList() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const isOpened = useCallback((id: string) => !collapsed.has(id), [collapsed]);
  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  /** Collapses every given item (before adding a new, open one). */
  const collapseAll = useCallback((ids: string[]) => setCollapsed(new Set(ids)), []);
  return { isOpened, toggle, collapseAll };
}
