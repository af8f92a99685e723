// The build directory a post-build step works on (web/post-build.mjs): the step's first
// argument when it is run by hand, else trunk's staging directory (trunk sets
// TRUNK_STAGING_DIR for its hooks). Neither: a clear message and exit status 2.
export function buildDir(step) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error(`${step}: no build directory (pass one, or run as a trunk hook)`);
    process.exit(2);
  }
  return dir;
}
