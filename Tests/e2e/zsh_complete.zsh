# Types WORDS and a TAB into an interactive zsh (in a pseudo-terminal, with compinit and the
# completion in DIR on $fpath) and prints what the terminal then shows.
#   zsh -f Tests/e2e/zsh_complete.zsh DIR WORDS
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell "PS1='> '; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; unsetopt beep; print ready"
zpty -r shell line '*ready*'
zpty -w -n shell $2$'\t'
sleep 1
zpty -w -n shell $'\C-e'
screen=""
while zpty -r -t shell chunk; do screen+=$chunk; done
print -r -- $screen
zpty -d shell
