# bash completion for breezectl(1): commands, their options, and the city and receiver names of
# the configuration (--config PATH on the line, else /etc/breeze/breezed.conf, with the drop-ins
# of its breezed.conf.d/). Installed as /usr/share/bash-completion/completions/breezectl.
# scripts/lib/test-docs checks the lists below against the code's argument specifications.

# Each command's options: one entry per command.
declare -gA _breezectl_options=(
    [check-config]="--config"
    [search]="--count --json --quiet --config"
    [add]="--pick --name --latitude --longitude --country --region --quiet --config"
    [now]="--city --forecast --json --quiet --config"
    [status]="--json --config"
    [outbox]="--json --config"
    [poll]="--config"
    [reload]="--config"
    [aqi]="--json"
    [test-alert]="--config"
    [backtest]="--days --city --source --json --quiet --report --config"
)
# Options that take no value (the others are followed by one).
_breezectl_flags=" --json --forecast --quiet --help --version "
_breezectl_global_options="--help --version"
_breezectl_aqi_keys="pm2_5= pm10= o3= o3_1h= co= no2= so2= so2_24h="

# _breezectl_sections KIND... : the names of the [KIND "name"] sections of the configuration.
_breezectl_sections() {
    local configuration=/etc/breeze/breezed.conf index
    for ((index = 1; index < ${#COMP_WORDS[@]} - 1; index++)); do
        case ${COMP_WORDS[index]} in
            --config) configuration=${COMP_WORDS[index + 1]} ;;
            --config=*) configuration=${COMP_WORDS[index]#--config=} ;;
        esac
    done
    configuration=${configuration/#\~/$HOME}
    local kinds
    kinds=$(IFS='|'; echo "$*")
    local file
    for file in "$configuration" "$configuration.d"/*.conf; do
        [ -r "$file" ] || continue
        # [Kind "name"], the name's \" and \\ unescaped; a name with another escape (\n,
        # \u{1B}: a control or format character) is left out rather than offered wrong.
        sed -n -E "s/^[[:space:]]*\[($kinds)[[:space:]]+\"(([^\"\\\\]|\\\\.)*)\"[[:space:]]*\][[:space:]]*$/\2/p" \
            "$file" 2>/dev/null | sed -E -e '/^([^\\]|\\\\|\\")*\\[^\\"]/d' -e 's/\\(.)/\1/g'
    done | sort -u
}

# _breezectl_reply_names KIND...: COMPREPLY gets the matching names, quoted for the shell.
_breezectl_reply_names() {
    local current=${COMP_WORDS[COMP_CWORD]} name
    # What is typed so far may be quoted: compare without the quotes.
    current=${current#[\"\']}
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        [[ $name == "$current"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
    done < <(_breezectl_sections "$@")
}

_breezectl() {
    COMPREPLY=()
    local current=${COMP_WORDS[COMP_CWORD]}
    local previous=""
    ((COMP_CWORD > 0)) && previous=${COMP_WORDS[COMP_CWORD - 1]}
    # The command: the first word after breezectl that is not an option.
    local command="" index
    for ((index = 1; index < COMP_CWORD; index++)); do
        case ${COMP_WORDS[index]} in
            -*) ;;
            *) command=${COMP_WORDS[index]}; break ;;
        esac
    done
    # The words after the command that are neither options nor an option's value.
    local -a arguments=()
    for ((index++; index < COMP_CWORD; index++)); do
        case ${COMP_WORDS[index]} in
            --*=*) ;;
            -*) [[ $_breezectl_flags == *" ${COMP_WORDS[index]} "* ]] || ((index++)) ;;
            *) arguments+=("${COMP_WORDS[index]}") ;;
        esac
    done

    if [ -z "$command" ]; then
        if [[ $current == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "$_breezectl_global_options" -- "$current")
        else
            mapfile -t COMPREPLY < <(compgen -W "${!_breezectl_options[*]} help" -- "$current")
        fi
        return 0
    fi
    if [ "$command" = help ]; then
        mapfile -t COMPREPLY < <(compgen -W "${!_breezectl_options[*]}" -- "$current")
        return 0
    fi

    case $previous in
        --config | --report)
            mapfile -t COMPREPLY < <(compgen -f -- "$current")
            compopt -o filenames 2>/dev/null
            return 0 ;;
        --city)
            _breezectl_reply_names City
            return 0 ;;
        --count | --pick | --name | --latitude | --longitude | --country | --region | --days)
            return 0 ;; # a value the user types
        --source)
            mapfile -t COMPREPLY < <(compgen -W "nowcast open-meteo both" -- "$current")
            return 0 ;;
    esac
    if [[ $current == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "${_breezectl_options[$command]} --help" -- "$current")
        return 0
    fi
    case $command in
        test-alert) _breezectl_reply_names Webhook Email ;;
        outbox) # outbox retry [RECEIVER]
            if [ ${#arguments[@]} -eq 0 ]; then
                mapfile -t COMPREPLY < <(compgen -W "retry" -- "$current")
            elif [ ${#arguments[@]} -eq 1 ] && [ "${arguments[0]}" = retry ]; then
                _breezectl_reply_names Webhook Email
            fi ;;
        aqi)
            mapfile -t COMPREPLY < <(compgen -W "$_breezectl_aqi_keys" -- "$current")
            compopt -o nospace 2>/dev/null ;;
    esac
    return 0
}
complete -F _breezectl breezectl
