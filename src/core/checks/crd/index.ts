export { checkCrdDocuments, checkCrdFiles, type CrdReport } from './checkCrdDocuments.ts';
