// The guard's preload, the line docs/guard.md gives for vitest: every file
// of the cell runs under it (the examples' doubles are never blocked).
export default { test: { setupFiles: ['@scripted/agents/guard/preload'] } };
