import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../api/httpClient.ts';
import { serverIssues } from './useMarkerEditor.ts';

describe('server refusals as form errors', () => {
  it('names the form field of a 400 from create (body.marker.x) or change (body.x)', () => {
    expect(serverIssues(new HttpError(400, { code: 'VALIDATION_FAILED', field: 'body.marker.name', message: 'body.marker.name: must not be empty' })))
      .toEqual([{ field: 'name', message: 'must not be empty' }]);
    expect(serverIssues(new HttpError(400, { code: 'VALIDATION_FAILED', field: 'body.nextPanoramaId', message: 'body.nextPanoramaId: choose a panorama of the target tour' })))
      .toEqual([{ field: 'nextPanoramaId', message: 'choose a panorama of the target tour' }]);
  });

  it('leaves other failures to the editor\'s banner', () => {
    expect(serverIssues(new HttpError(403, { code: 'FORBIDDEN', message: 'no' }))).toEqual([]);
    expect(serverIssues(new Error('offline'))).toEqual([]);
  });
});
