/** Whether a tool is one the settings declare as polled (exact name, or a prefix ending in `*`). */
export function isPollingTool(toolName: string, pollingTools: readonly string[]): boolean {
  for (const pattern of pollingTools) {
    if (pattern.endsWith('*') ? toolName.startsWith(pattern.slice(0, -1)) : toolName === pattern) return true;
  }
  return false;
}
