import { useEffect, useState } from 'react';

const QUERY = '(max-width: 599.98px)';

/** True below 600px wide, where the panels move into one menu. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => typeof matchMedia === 'function' && matchMedia(QUERY).matches);
  useEffect(() => {
    const list = matchMedia(QUERY);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
