// `sim completion`: a bash completion script for `sim`. Completing a word asks sim itself
// (`sim --get-yargs-completions …`, which yargs answers from the commands and flags
// declared in main.ts), so the script never goes stale. Install: `sim completion >>
// ~/.bashrc` (zsh: load bash completions first with `autoload bashcompinit && bashcompinit`).

export const COMPLETION_SCRIPT = `# sim: bash completion (from \`sim completion\`)
_sim_completions() {
  local word="\${COMP_WORDS[COMP_CWORD]}"
  local IFS=$'\\n'
  local candidates
  candidates=($(sim --get-yargs-completions "\${COMP_WORDS[@]}" 2>/dev/null))
  COMPREPLY=($(compgen -W "\${candidates[*]}" -- "$word"))
  # Nothing from sim (a value, a path): complete file names.
  if [ \${#COMPREPLY[@]} -eq 0 ]; then COMPREPLY=($(compgen -f -- "$word")); fi
}
complete -o bashdefault -o default -F _sim_completions sim
`;
