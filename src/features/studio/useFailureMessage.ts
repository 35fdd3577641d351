import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/httpClient.ts';
import { humanMessage } from './model/studioModel.ts';

/**
 * A failed call as a sentence for the owner: the server's own sentence for what it refused (it names the field or
 * file), a translated one for what never reached it or broke on its side.
 */
export function useFailureMessage(): (error: unknown) => string {
  const { t } = useTranslation('studio');
  return useCallback((error: unknown) => {
    if (error instanceof HttpError) {
      if (error.status === 0) return t('error.network');
      if (error.status === 401) return t('error.signed-out');
      if (error.status === 403) return t('error.forbidden');
      if (error.status >= 500) return t('error.server');
      const quota = error.body?.code === 'QUOTA_EXCEEDED' ? error.body.details : undefined;
      if (quota?.kind === 'tours') return t('tours.quota-reached', { limit: Number(quota.limit) });
      if (error.body?.message) return humanMessage(error.body.message);
    }
    if (error instanceof Error && error.name !== 'Error') return t('error.network');
    return t('error.server');
  }, [t]);
}
