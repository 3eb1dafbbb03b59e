// Runs before every test file.
process.env.LOG_LEVEL ??= 'silent';

// The AWS SDK announces its coming Node 22 requirement on every client creation; keep other warnings.
const printWarning = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.message.includes('NodeVersionSupportWarning')) return;
  for (const listener of printWarning) listener(warning);
});
