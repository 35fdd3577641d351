import type { PilotCover, Recording } from '../../../protocol/pilot.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import type { RecordingSummaryRow } from './pilots.repository.ts';

export function presentRecording(row: RecordingSummaryRow, media: MediaStorage, canManage: boolean): Recording {
  return {
    objectId: row.id,
    buildingId: row.buildingId,
    pilotId: row.pilotId,
    pilotName: row.pilotName,
    title: row.title,
    language: row.language,
    durationMs: row.durationMs,
    audioUrl: media.url(row.audioPath),
    audioType: row.audioType,
    bytes: row.bytes,
    cover: JSON.parse(row.cover) as PilotCover,
    published: row.published === 1,
    canManage,
    createdAt: row.createdAt,
  };
}
