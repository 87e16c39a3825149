// Preloaded into a benchmarked CLI process: prints its peak memory (resident set) on exit.
process.on('exit', () => process.stderr.write(`\nBENCH_MAX_RSS_KB ${process.resourceUsage().maxRSS}\n`));
