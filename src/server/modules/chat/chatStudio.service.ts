import type { FaqEditBody, FaqEntry, FaqList } from '../../../protocol/chat.ts';
import { json, toJson } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import type { ChatRepository, FaqRow } from './chat.repository.ts';

const presentFaq = (row: FaqRow): FaqEntry => ({
  id: row.id,
  questionMulti: json<Record<string, string>>(row.questionMulti, {}),
  answerMulti: json<Record<string, string>>(row.answerMulti, {}),
});

/** Only the languages actually written: an empty field is "not translated", not an empty answer. */
const written = (multi: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(multi).map(([k, v]) => [k, v.trim()] as const).filter(([, v]) => v.length > 0));

/** What the owner edits in the studio for a tour's chat: its FAQ entries and the people who answer visitors. */
export class ChatStudioService {
  constructor(private readonly repos: Repositories, private readonly chat: ChatRepository, private readonly now: () => Date = () => new Date()) {}

  /** The visitor's FAQ panel: the questions in order, for tours that offer messaging. */
  async publicFaqs(buildingId: string): Promise<FaqList> {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt || !building.instantMessagingEnable) return { entries: [] };
    return { entries: (await this.chat.faqs(buildingId)).map((row) => { const { id, questionMulti } = presentFaq(row); return { id, questionMulti }; }) };
  }

  async faqs(buildingId: string): Promise<{ entries: FaqEntry[] }> {
    return { entries: (await this.chat.faqs(buildingId)).map(presentFaq) };
  }

  /** Replaces the ordered list; kept entries keep their ids, so FAQ messages already sent still name them. */
  async replaceFaqs(buildingId: string, body: FaqEditBody): Promise<{ entries: FaqEntry[] }> {
    const existing = new Set((await this.chat.faqs(buildingId)).map((r) => r.id));
    const at = this.now().toISOString();
    const seen = new Set<string>();
    const rows: FaqRow[] = body.entries.map((entry, position) => {
      // An unknown id (another tour's, or made up) starts a new entry rather than taking someone else's.
      const id = entry.id && existing.has(entry.id) && !seen.has(entry.id) ? entry.id : newId(12);
      seen.add(id);
      return { id, buildingId, position, questionMulti: toJson(written(entry.questionMulti)), answerMulti: toJson(written(entry.answerMulti)), updatedAt: at };
    });
    await this.chat.replaceFaqs(buildingId, rows);
    return this.faqs(buildingId);
  }

  async agents(buildingId: string) {
    return { agents: await this.chat.agents(buildingId) };
  }

  /** The people named by username or email; one that has no account is refused by name, and nothing changes. */
  async replaceAgents(buildingId: string, usernames: string[]) {
    const ids: string[] = [];
    for (const [i, name] of usernames.entries()) {
      const user = (await this.repos.users.findByUsername(name)) ?? (await this.repos.users.findByEmail(name));
      if (!user || user.userType === 'visitor') throw new AppError('VALIDATION_FAILED', `No member account is called "${name}".`, `body.usernames.${i}`);
      if (!ids.includes(user.id)) ids.push(user.id);
    }
    await this.chat.replaceAgents(buildingId, ids, this.now().toISOString());
    return this.agents(buildingId);
  }
}
