// Jest's ESM mode loads the ESM SDK: the guard's preload is imported here,
// so it patches that copy (docs/guard.md, the Jest (ESM) line).
import '@scripted/agents/guard/preload';
