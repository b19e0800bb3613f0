export { MIN_SEARCH_LENGTH, useSearch } from './api/search.ts';
