export function buildPageAssets(): Promise<{ js: string; css: string }>;
