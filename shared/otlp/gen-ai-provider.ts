/**
 * `gen_ai.provider.name` from the provider string the AI SDK records (`<name>.<api>`, e.g.
 * `openai.responses`, `google.vertex.chat`). The GenAI conventions say a well-known value MUST
 * be used where one applies, so the AI SDK's names map onto them (`mistral` → `mistral_ai`,
 * `google.generative-ai` → `gcp.gemini`); any other provider keeps its first segment, a custom
 * value as the conventions allow. The string as recorded is kept in `little.model.provider`.
 */

/** AI SDK provider names (first segment) whose well-known value differs from the name. */
const WELL_KNOWN: Readonly<Record<string, string>> = {
  'amazon-bedrock': 'aws.bedrock',
  bedrock: 'aws.bedrock',
  azure: 'azure.ai.openai',
  'azure-openai': 'azure.ai.openai',
  'google-vertex': 'gcp.vertex_ai',
  vertex: 'gcp.vertex_ai',
  mistral: 'mistral_ai',
  moonshotai: 'moonshot_ai',
  xai: 'x_ai',
};

/** The provider name to send, or undefined when the log names none. */
export function genAiProviderName(provider: string | undefined): string | undefined {
  if (provider === undefined || provider.trim() === '') return undefined;
  const segments = provider.trim().toLowerCase().split('.');
  const first = segments[0];
  // Google's AI SDK provider names both of its APIs `google.*`: Vertex AI as `google.vertex.*`,
  // the Gemini API (generativelanguage.googleapis.com) as `google.generative-ai`.
  if (first === 'google') return segments[1] === 'vertex' ? 'gcp.vertex_ai' : 'gcp.gemini';
  return WELL_KNOWN[first] ?? first;
}
