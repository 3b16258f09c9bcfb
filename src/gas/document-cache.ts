// This file defines the cache the custom functions keep their records in: Apps Script's document
// cache, shared by every execution in the document (src/functions/cell-cache.ts writes it).
export const documentCache = (): GoogleAppsScript.Cache.Cache | null => CacheService.getDocumentCache();
