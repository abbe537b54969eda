/** Cost per model: a table with an inline bar; unpriced models say n/a with a hatched cell, never $0. */
import { formatCost, formatCount } from '../../format';
import type { ModelCost } from '../../../shared/costs/cost-data';

/** The per-model table. */
export function ModelCosts({ models }: { models: ModelCost[] }) {
  const max = Math.max(0, ...models.map((m) => m.costUsd ?? 0));
  if (models.length === 0) return null;
  return (
    <figure className="chart">
      <figcaption className="chart-title">Cost per model</figcaption>
      <table className="data-table model-costs">
        <thead>
          <tr><th>model</th><th>priced as</th><th className="num">calls</th><th className="num">in</th><th className="num">cached</th><th className="num">out</th><th className="num">cost</th><th className="bar-col"><span className="visually-hidden">share</span></th></tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.model}>
              <td className="mono">{m.model}</td>
              <td className="mono muted">{m.priceKey ?? 'not in table'}</td>
              <td className="num">{m.calls - m.unpricedCalls}{m.unpricedCalls > 0 ? `+${m.unpricedCalls}?` : ''}</td>
              <td className="num">{formatCount(m.inputTokens)}</td>
              <td className="num">{formatCount(m.cachedInputTokens)}</td>
              <td className="num">{formatCount(m.outputTokens)}</td>
              <td className="num">{formatCost(m.costUsd)}</td>
              <td className="bar-col" aria-hidden="true">
                {m.costUsd === null
                  ? <span className="inline-bar inline-bar-na">n/a</span>
                  : <span className="inline-bar" style={{ width: `${max > 0 ? Math.max(1, (m.costUsd / max) * 100) : 0}%` }} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
