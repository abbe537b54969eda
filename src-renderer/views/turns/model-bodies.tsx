/** Bodies of a model call: system prompt and messages as prose, tools as a list, the response. */
import { JsonView } from '../../components/json-view';

/** The request: system prompt, each message with its role, then the tool names offered. */
export function MessageList({ system, messages, tools }: { system?: unknown; messages?: unknown; tools?: unknown }) {
  const list = Array.isArray(messages) ? messages : [];
  const toolList = Array.isArray(tools) ? tools : [];
  return (
    <div className="mb">
      {system !== undefined && system !== null && system !== '' && (
        <div className="mb-msg mb-system">
          <div className="mb-role">system</div>
          <Body value={system} label="System prompt" />
        </div>
      )}
      {list.map((m, i) => {
        const msg = (m ?? {}) as { role?: unknown; content?: unknown; toolCalls?: unknown };
        return (
          <div key={i} className={`mb-msg mb-${String(msg.role ?? 'other')}`}>
            <div className="mb-role">{String(msg.role ?? 'message')}</div>
            {msg.content !== undefined && msg.content !== '' && <Body value={msg.content} label={`Message ${i + 1} content`} />}
            {msg.toolCalls !== undefined && <JsonView value={msg.toolCalls} expandDepth={2} label={`Message ${i + 1} tool calls`} />}
          </div>
        );
      })}
      {list.length === 0 && <p className="muted">No messages.</p>}
      <div className="mb-tools">
        <span className="muted">Tools offered ({toolList.length}): </span>
        {toolList.map((t, i) => (
          <code key={i} className="mb-toolname">
            {String((t as { toolName?: unknown })?.toolName ?? '?')}
          </code>
        ))}
      </div>
    </div>
  );
}

/** The response: text as prose, structured output, usage and the tool calls asked for. */
export function ResponseBody({ response }: { response: unknown }) {
  const r = (response ?? {}) as { text?: unknown; output?: unknown; usage?: unknown; toolCalls?: unknown };
  return (
    <div className="mb">
      {typeof r.text === 'string' && r.text !== '' && (
        <div className="mb-msg mb-assistant">
          <div className="mb-role">text</div>
          <Body value={r.text} label="Response text" />
        </div>
      )}
      {r.output !== undefined && r.output !== null && (
        <div className="mb-msg">
          <div className="mb-role">structured output</div>
          <JsonView value={r.output} expandDepth={2} label="Structured output" />
        </div>
      )}
      {Array.isArray(r.toolCalls) && r.toolCalls.length > 0 && (
        <div className="mb-msg">
          <div className="mb-role">tool calls ({r.toolCalls.length})</div>
          <JsonView value={r.toolCalls} expandDepth={3} label="Requested tool calls" />
        </div>
      )}
      {r.usage !== undefined && (
        <div className="mb-msg">
          <div className="mb-role">usage</div>
          <JsonView value={r.usage} expandDepth={1} label="Usage" />
        </div>
      )}
    </div>
  );
}

/** Strings as wrapped prose; anything else as JSON. */
function Body({ value, label }: { value: unknown; label: string }) {
  if (typeof value === 'string') {
    return (
      <pre className="mb-prose" aria-label={label}>
        {value}
      </pre>
    );
  }
  return <JsonView value={value} expandDepth={2} label={label} />;
}
