import ArgumentParser

/// How the commands that read an activity file (`analyze`, `clean`, `convert`, `replay`,
/// `eval FILE` and its reference) read it: `--strict`. The file argument stays with each
/// command, whose help text says what file it needs.
struct InputOptions: ParsableArguments {
  @Flag(help: "Refuse a damaged file, or a log with a bad line, instead of reading around it.")
  var strict = false
}
