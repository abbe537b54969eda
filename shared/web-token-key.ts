/** sessionStorage key holding browser mode's token for this origin's server (src-renderer/web/web-token.ts, shared/early-prepare-script.ts). */
export const TOKEN_STORAGE_KEY = 'li_token';
