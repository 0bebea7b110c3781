// Chunk entry dist/cli-main.js (cli.md §1.1): the verb dispatcher, loaded by dist/cli.cjs for every verb
// but `gate` and `--version`.
export { main } from "../cli/main";
