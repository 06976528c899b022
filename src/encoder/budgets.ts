/** Token budgets shared by training and serving: queries middle-truncated, documents head-truncated. */
export const QUERY_TOKENS = 256;
export const DOCUMENT_TOKENS = 384;
