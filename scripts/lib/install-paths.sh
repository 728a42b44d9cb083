# Where scripts/install puts things for a prefix, and where scripts/uninstall removes them.
# Sourced, not run. Sets bin_dir, unit_dir, catalog_dir, doc_dir, man_dir, completion_dir,
# zsh_completion_dir.
breeze_install_paths() {
    local prefix=$1
    bin_dir=${prefix%/}/bin
    doc_dir=${prefix%/}/share/doc/breeze
    # man and bash-completion look below /usr and /usr/local by themselves.
    man_dir=${prefix%/}/share/man
    completion_dir=${prefix%/}/share/bash-completion/completions
    # Debian's zsh looks in vendor-completions below /usr, site-functions below /usr/local.
    zsh_completion_dir=${prefix%/}/share/zsh/site-functions
    [ "${prefix%/}" != /usr ] || zsh_completion_dir=/usr/share/zsh/vendor-completions
    case "$prefix" in
        # The vendor and local folders systemd and journalctl search by themselves.
        /usr|/usr/local)
            unit_dir=$prefix/lib/systemd/system
            catalog_dir=$prefix/lib/systemd/catalog ;;
        # Anywhere else (/opt/breeze, …): the administrator's unit folder, and the only
        # other catalog folder journalctl reads.
        *)
            unit_dir=/etc/systemd/system
            catalog_dir=/usr/local/lib/systemd/catalog ;;
    esac
}
