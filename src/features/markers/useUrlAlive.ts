import { useEffect, useState } from 'react';

/**
 * 'dead' when the address answers 404/410 (the owner deleted the file), otherwise 'alive'. Network failures and
 * cross-origin refusals count as alive: we only call a target gone when the server says so.
 */
export function useUrlAlive(url: string | null): 'checking' | 'alive' | 'dead' {
  const [state, setState] = useState<'checking' | 'alive' | 'dead'>('checking');
  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    setState('checking');
    fetch(url, { method: 'HEAD', signal: controller.signal })
      .then((response) => setState(response.status === 404 || response.status === 410 ? 'dead' : 'alive'))
      .catch(() => {
        if (!controller.signal.aborted) setState('alive');
      });
    return () => controller.abort();
  }, [url]);
  return url ? state : 'dead';
}
