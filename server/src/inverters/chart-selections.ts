import type { ChartKind, ParsedBody, saveChartSelection } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';

type ChartSelection = ParsedBody<typeof saveChartSelection>;

/**
 * The parameters each user last chose for a chart of selectable parameters. A selection is the
 * caller's own: no id is sent, so no other account's can be read or written.
 */
export class ChartSelections {
  constructor(private readonly db: Db) {}

  async read(auth: AuthContext, chart: ChartKind): Promise<ChartSelection> {
    const row = await this.db
      .selectFrom('chart_selections')
      .select('params')
      .where('user_id', '=', auth.userId)
      .where('chart', '=', chart)
      .executeTakeFirst();
    return { chart, params: row?.params ?? [] };
  }

  async save(auth: AuthContext, { chart, params }: ChartSelection): Promise<ChartSelection> {
    await this.db
      .insertInto('chart_selections')
      .values({ user_id: auth.userId, chart, params })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'chart']).doUpdateSet({ params, updated_at: new Date() }),
      )
      .execute();
    return { chart, params };
  }
}
