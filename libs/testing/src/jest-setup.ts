// Runs before every test file.
process.env.LOG_LEVEL ??= 'silent';
// The AWS SDK announces its coming Node 22 requirement; the apps log it once, tests need not.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
