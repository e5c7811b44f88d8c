# Types WORDS and a TAB into an interactive zsh (in a pseudo-terminal, with compinit and the
# completion in DIR on $fpath) and prints what the terminal then shows.
#   zsh -f Tests/e2e/zsh_complete.zsh DIR WORDS
# zle handles keys in the order typed: after the TAB and Ctrl-E comes a key bound to a widget that
# shows a marker, so once the marker is on the screen the completion has finished, however long
# it took (no fixed sleep). The marker is written in two pieces so the echoed setup line never
# contains it.
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell "PS1='> '; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; unsetopt beep; completed() { zle -M 'COMPLETION-''FINISHED' }; zle -N completed; bindkey '^Xc' completed; print ready"
zpty -r shell line '*ready*'
zpty -w -n shell $2$'\t'$'\C-e'$'\C-x'c
zpty -r shell screen '*COMPLETION-FINISHED*'
print -r -- $line$screen
zpty -d shell
