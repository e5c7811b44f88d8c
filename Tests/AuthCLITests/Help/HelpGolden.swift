import AuthCLI
import AuthOAuth
// Golden help texts, one per command. When help changes on purpose, review the failure diff
// and regenerate: python3 Tests/Tools/regenerate-help-golden.py .build/debug/authctl

enum HelpGolden {
    static let texts: [String: String] = [
        "": #"""
Sign in with OpenID Connect providers from a terminal.

Usage: authctl <command> [options]

authctl signs you in through your browser, keeps the session in its home
directory (--home), and prints tokens for scripts.

Global options:
  --home DIR         Directory for the session and provider settings. Default:
                     $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                     (env: AUTHCTL_HOME)
  --json             Print results, and errors, as JSON.
  --verbose          Explain each step on stderr. Secrets are never printed.
  --no-color         Do not color the output.
  -h, --help         Show help for the command.
  --version          Print the version of authctl.

Exit status: 0 ok, 1 unexpected failure, 2 usage error, 3 not signed in, 4
cancelled, 5 timed out, 6 account exists with a different credential, 7
credential already in use or no such provider, 8 recent sign-in required or user
mismatch, 9 provider error, 10 invalid credential, 11 keystore error, 12
configuration error; exec: 126 not executable, 127 not found. See the README.

Commands:
  signin             Sign in with a provider through your browser.
  link               Link another provider to the signed-in user.
  reauth             Sign in again as the current user, to prove it is you.
  unlink             Remove a linked provider from the signed-in user.
  signout            Sign out: forget the current session and its tokens.
  whoami             Show the signed-in user.
  status             Show each user's providers and when their tokens expire.
  token              Print an access token for scripts.
  exec               Run a command with a fresh token in its environment.
  git-credential     Give git a provider's token (a git credential helper).
  kube-credential    Give kubectl a token (an exec credential plugin).
  docker-credential  Give docker a registry token (a Docker credential helper).
  users              List the users in this keystore, marking the current one.
  switch             Make another signed-in user the current one.
  methods            List the providers an email's account signs in with.
  verify             Verify a JWT read on stdin and print its claims.
  providers          Add, list, show and remove the providers to sign in with.
  account            Manage the signed-in user's account.
  config             Show or change the account rules.
  firebase           Keep accounts in a Firebase project, or locally.
  completion         Print the completion script for bash, zsh or fish.
  manual             Print the authctl(1) manual page (roff).
  help               Show help for a command.

Getting started:
  authctl providers add github.com --client-id ID  add a provider
  authctl signin --provider github.com             sign in through your browser
  authctl token                                    print an access token

See 'authctl help <command>' for help on a command.
"""#,
        "signin": #"""
Sign in with a provider through your browser.

Usage: authctl signin [--custom-token-stdin | --provider ID] [--scope SCOPE]...
                      [--param KEY=VALUE]... [--timeout SECONDS]
                      [--browser COMMAND | --no-browser] [--paste | --localhost]
                      [--client-credentials | --device] [--qr | --no-qr]
                      [--redirect-port PORT] [--id-token-stdin]
                      [--access-token-stdin] [--ci SOURCE] [--raw-nonce NONCE]
                      [--audience API] [--resource URI] [--email EMAIL]
                      [--password-stdin] [--create] [--totp CODE] [--anonymous]
                      [--email-link EMAIL] [--continue-url URL]

authctl opens the provider's sign-in page in your browser and waits for the
provider to redirect back to a one-time listener on 127.0.0.1 (OAuth
authorization code flow with PKCE). When the sign-in completes, the session is
saved and the user is shown.

The sign-in URL is always printed on stderr, so you can open it by hand if no
browser appears. --no-browser only prints it. --browser, or AUTHCTL_BROWSER,
names the command that opens it (the URL is added as its last argument; the
command is split on spaces). Without a terminal, or with CI set, no browser is
opened unless --browser says so: use --device, --no-browser or --id-token-stdin
there. Otherwise the browser is BROWSER's first entry on PATH, else the system's
(open, xdg-open, wslview or explorer.exe on WSL); none is opened over SSH or
without a display (DISPLAY, WAYLAND_DISPLAY), nor when the only browsers are
text browsers (w3m, lynx, links, elinks): the URL is printed and the redirected
address is taken pasted, as with --no-browser. A URL for another device
(--device, or no browser) is also drawn as a QR code on a terminal.

Nothing is stored unless every check passes: state, iss, the ID token's
signature and claims, and userinfo. Signing in again with the same identity
lands on the same user.

If a user with the same verified email already signs in with another provider,
the sign-in stops (status 6) and the new credential is kept for 10 minutes: sign
in with the provider you used before, then run 'authctl link --pending' to add
this one.

Options:
  --provider ID         The provider to sign in with: github.com, yahoo.com,
                        google.com, microsoft.com, or an oidc.<name>. Locally,
                        one added with 'authctl providers add'; with a Firebase
                        project, any provider the project enables, with nothing
                        to add here. With a Firebase project, also password.
                        (required unless --custom-token-stdin or --anonymous or
                        --email-link)
  --scope SCOPE         Ask for this scope in addition to the provider's default
                        ones. (repeatable)
  --param KEY=VALUE     Add a parameter to the authorization request, such as
                        prompt=login or login_hint=EMAIL. (repeatable)
  --timeout SECONDS     Give up if the sign-in is not completed in time.
                        (default: 300)
  --browser COMMAND     Open the sign-in URL with this command instead of the
                        system's default. (env: AUTHCTL_BROWSER)
  --no-browser          Do not open a browser; only print the sign-in URL.
  --paste               Also accept the redirected address, or the code, pasted
                        on stdin (automatic with --no-browser on a terminal):
                        for a browser on another machine.
  --localhost           With a Firebase project: the provider's app in the
                        console also accepts http://localhost, so the sign-in
                        returns to this machine without a paste (GitHub's
                        defaults to the handler page and a paste, since an OAuth
                        App has one callback URL; a GitHub App can have both).
  --device              Sign in with a code entered on another device (RFC
                        8628), for SSH sessions, containers and CI; for GitHub
                        and providers with a device authorization endpoint.
  --qr                  Draw the URL to open on another device as a QR code even
                        when stderr is not a terminal, or with --json.
  --no-qr               Do not draw the URL to open on another device as a QR
                        code.
  --redirect-port PORT  Wait for the redirect on this port instead of a random
                        free one, for providers that only accept a registered
                        redirect URI; of a list (8000,18000), the first free
                        one.
  --id-token-stdin      Sign in with an ID token read on stdin (for CI) instead
                        of the browser. It is verified against the provider:
                        signature, issuer, audience (the client ID), expiry.
  --access-token-stdin  With a Firebase project: sign in with the provider's
                        access token read on stdin (google.com, facebook.com,
                        github.com); for twitter.com, the token and its secret,
                        separated by a space: TOKEN SECRET. The project asks the
                        provider whose it is. A yahoo.com access token is
                        refused (the project cannot tell which app it was issued
                        to): use --id-token-stdin or the browser.
  --ci SOURCE           Sign a CI job in with its own OpenID Connect token:
                        github-actions (asked for with the job's
                        ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN, audience the client
                        ID), gitlab (the id_tokens: variable GITLAB_OIDC_TOKEN)
                        or env:VAR. Verified as --id-token-stdin; when it
                        expires, token, exec and the credential helpers fetch
                        and verify a new one from the same place.
  --raw-nonce NONCE     With --id-token-stdin: the token's nonce must be the
                        SHA-256 (hex) of NONCE.
  --client-credentials  Sign the client itself in (RFC 6749 §4.4), for machines:
                        no browser, no person; the provider needs a client
                        secret. The token is asked for again when it expires.
  --audience API        With --client-credentials: the audience parameter some
                        providers require.
  --resource URI        With --client-credentials: the API the token is for (RFC
                        8707).
  --email EMAIL         With --provider password (Firebase): the account's
                        email.
  --password-stdin      With --provider password: read the password from stdin
                        instead of asking for it.
  --create              With --provider password: create the account
                        (accounts:signUp).
  --custom-token-stdin  Sign in to the Firebase project with a custom token read
                        on stdin (minted by your backend).
  --totp CODE           With a Firebase project: the code of the account's
                        authenticator app (TOTP second factor); asked for on a
                        terminal.
  --anonymous           With a Firebase project: sign in as a new anonymous user
                        (a uid, no person); link a provider later to keep it.
  --email-link EMAIL    With a Firebase project: email a sign-in link to EMAIL,
                        then sign in with the link pasted here (or given on
                        stdin).
  --continue-url URL    With --email-link: where the link leads once used (an
                        authorized domain).

Global options:
  --home DIR            Directory for the session and provider settings.
                        Default: $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                        (env: AUTHCTL_HOME)
  --json                Print results, and errors, as JSON.
  --verbose             Explain each step on stderr. Secrets are never printed.
  --no-color            Do not color the output.
  -h, --help            Show help for the command.
  --version             Print the version of authctl.

Examples:
  Sign in with a provider you added:
    authctl signin --provider oidc.corp

  In a GitHub Actions job (permissions: id-token: write), sign in with the job's
  own token, renewed as it expires:
    authctl signin --provider oidc.actions --ci github-actions

  A service signs in as itself:
    authctl signin --provider oidc.corp --client-credentials --scope api
"""#,
        "link": #"""
Link another provider to the signed-in user.

Usage: authctl link [--provider ID | --pending] [--email EMAIL]
                    [--password-stdin] [--email-link EMAIL] [--scope SCOPE]...
                    [--param KEY=VALUE]... [--timeout SECONDS]
                    [--browser COMMAND | --no-browser] [--paste | --localhost]
                    [--device] [--qr | --no-qr] [--redirect-port PORT]

Runs the same browser sign-in as 'authctl signin', then adds that provider's
identity to the current user, so that either provider signs you in afterwards.
Nothing changes if the identity already belongs to another user or the provider
is already linked.

An anonymous user of a Firebase project ('authctl signin --anonymous') is
upgraded so, keeping its uid: with a provider, with --provider password --email
EMAIL, or with --email-link EMAIL.

The sign-in URL is always printed on stderr, so you can open it by hand if no
browser appears. --no-browser only prints it. --browser, or AUTHCTL_BROWSER,
names the command that opens it (the URL is added as its last argument; the
command is split on spaces). Without a terminal, or with CI set, no browser is
opened unless --browser says so: use --device or --no-browser there. Otherwise
the browser is BROWSER's first entry on PATH, else the system's (open, xdg-open,
wslview or explorer.exe on WSL); none is opened over SSH or without a display
(DISPLAY, WAYLAND_DISPLAY), nor when the only browsers are text browsers (w3m,
lynx, links, elinks): the URL is printed and the redirected address is taken
pasted, as with --no-browser. A URL for another device (--device, or no browser)
is also drawn as a QR code on a terminal.

Options:
  --provider ID         The provider to link: github.com, yahoo.com, google.com,
                        microsoft.com, or an oidc.<name>. Locally, one added
                        with 'authctl providers add'; with a Firebase project,
                        any provider the project enables, with nothing to add
                        here.
  --pending             Link the credential saved when a sign-in stopped because
                        the account already exists.
  --email EMAIL         With --provider password (Firebase): the email to link,
                        with a password.
  --password-stdin      With --provider password: read the password from stdin
                        instead of asking for it.
  --email-link EMAIL    With a Firebase project: link EMAIL by a sign-in link
                        the project emails, pasted here (or on stdin).
  --scope SCOPE         Ask for this scope in addition to the provider's default
                        ones. (repeatable)
  --param KEY=VALUE     Add a parameter to the authorization request, such as
                        prompt=login or login_hint=EMAIL. (repeatable)
  --timeout SECONDS     Give up if the sign-in is not completed in time.
                        (default: 300)
  --browser COMMAND     Open the sign-in URL with this command instead of the
                        system's default. (env: AUTHCTL_BROWSER)
  --no-browser          Do not open a browser; only print the sign-in URL.
  --paste               Also accept the redirected address, or the code, pasted
                        on stdin (automatic with --no-browser on a terminal):
                        for a browser on another machine.
  --localhost           With a Firebase project: the provider's app in the
                        console also accepts http://localhost, so the sign-in
                        returns to this machine without a paste (GitHub's
                        defaults to the handler page and a paste, since an OAuth
                        App has one callback URL; a GitHub App can have both).
  --device              Sign in with a code entered on another device (RFC
                        8628), for SSH sessions, containers and CI; for GitHub
                        and providers with a device authorization endpoint.
  --qr                  Draw the URL to open on another device as a QR code even
                        when stderr is not a terminal, or with --json.
  --no-qr               Do not draw the URL to open on another device as a QR
                        code.
  --redirect-port PORT  Wait for the redirect on this port instead of a random
                        free one, for providers that only accept a registered
                        redirect URI; of a list (8000,18000), the first free
                        one.

Global options:
  --home DIR            Directory for the session and provider settings.
                        Default: $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                        (env: AUTHCTL_HOME)
  --json                Print results, and errors, as JSON.
  --verbose             Explain each step on stderr. Secrets are never printed.
  --no-color            Do not color the output.
  -h, --help            Show help for the command.
  --version             Print the version of authctl.

Examples:
  Let another provider sign you in too:
    authctl link --provider oidc.lab

  Keep an anonymous user's uid with a password:
    authctl link --provider password --email alice@example.com

  Finish an 'account exists' sign-in, after signing in with your usual provider:
    authctl link --pending
"""#,
        "reauth": #"""
Sign in again as the current user, to prove it is you.

Usage: authctl reauth [--provider ID] [--scope SCOPE]... [--param KEY=VALUE]...
                      [--timeout SECONDS] [--browser COMMAND | --no-browser]
                      [--paste | --localhost] [--device] [--qr | --no-qr]
                      [--redirect-port PORT] [--password-stdin] [--totp CODE]

Some changes, such as unlinking a provider or deleting the account, need a
recent sign-in (config recent-login-seconds); linking does not. reauth runs the
browser sign-in again and fails with a user mismatch if a different user comes
back; the session is kept either way.

The sign-in URL is always printed on stderr, so you can open it by hand if no
browser appears. --no-browser only prints it. --browser, or AUTHCTL_BROWSER,
names the command that opens it (the URL is added as its last argument; the
command is split on spaces). Without a terminal, or with CI set, no browser is
opened unless --browser says so: use --device or --no-browser there. Otherwise
the browser is BROWSER's first entry on PATH, else the system's (open, xdg-open,
wslview or explorer.exe on WSL); none is opened over SSH or without a display
(DISPLAY, WAYLAND_DISPLAY), nor when the only browsers are text browsers (w3m,
lynx, links, elinks): the URL is printed and the redirected address is taken
pasted, as with --no-browser. A URL for another device (--device, or no browser)
is also drawn as a QR code on a terminal.

Options:
  --provider ID         The provider to sign in with. Default: the one the
                        current user signed in with.
  --scope SCOPE         Ask for this scope in addition to the provider's default
                        ones. (repeatable)
  --param KEY=VALUE     Add a parameter to the authorization request, such as
                        prompt=login or login_hint=EMAIL. (repeatable)
  --timeout SECONDS     Give up if the sign-in is not completed in time.
                        (default: 300)
  --browser COMMAND     Open the sign-in URL with this command instead of the
                        system's default. (env: AUTHCTL_BROWSER)
  --no-browser          Do not open a browser; only print the sign-in URL.
  --paste               Also accept the redirected address, or the code, pasted
                        on stdin (automatic with --no-browser on a terminal):
                        for a browser on another machine.
  --localhost           With a Firebase project: the provider's app in the
                        console also accepts http://localhost, so the sign-in
                        returns to this machine without a paste (GitHub's
                        defaults to the handler page and a paste, since an OAuth
                        App has one callback URL; a GitHub App can have both).
  --device              Sign in with a code entered on another device (RFC
                        8628), for SSH sessions, containers and CI; for GitHub
                        and providers with a device authorization endpoint.
  --qr                  Draw the URL to open on another device as a QR code even
                        when stderr is not a terminal, or with --json.
  --no-qr               Do not draw the URL to open on another device as a QR
                        code.
  --redirect-port PORT  Wait for the redirect on this port instead of a random
                        free one, for providers that only accept a registered
                        redirect URI; of a list (8000,18000), the first free
                        one.
  --password-stdin      With --provider password: read the password from stdin
                        instead of asking for it.
  --totp CODE           With a Firebase project: the code of the account's
                        authenticator app (TOTP second factor); asked for on a
                        terminal.

Global options:
  --home DIR            Directory for the session and provider settings.
                        Default: $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                        (env: AUTHCTL_HOME)
  --json                Print results, and errors, as JSON.
  --verbose             Explain each step on stderr. Secrets are never printed.
  --no-color            Do not color the output.
  -h, --help            Show help for the command.
  --version             Print the version of authctl.

Examples:
  Sign in again with the same provider:
    authctl reauth

  Prove it is you through a linked provider:
    authctl reauth --provider oidc.corp

  With a Firebase project, prove it with the account's password:
    authctl reauth --provider password
"""#,
        "unlink": #"""
Remove a linked provider from the signed-in user.

Usage: authctl unlink --provider ID

The provider can no longer sign you in as this user; the other linked providers
still can. It needs a sign-in within the last 5 minutes (see 'authctl config');
the last provider cannot be unlinked (use 'authctl account delete').

Options:
  --provider ID  The provider to remove from the user. (required)

Global options:
  --home DIR     Directory for the session and provider settings. Default:
                 $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                 (env: AUTHCTL_HOME)
  --json         Print results, and errors, as JSON.
  --verbose      Explain each step on stderr. Secrets are never printed.
  --no-color     Do not color the output.
  -h, --help     Show help for the command.
  --version      Print the version of authctl.

Examples:
  Stop signing in with a provider:
    authctl unlink --provider oidc.lab
"""#,
        "signout": #"""
Sign out: forget the current session and its tokens.

Usage: authctl signout [--all] [--revoke]

Signs out the current user only; the user record stays, so signing in again
lands on the same user. Providers added with 'authctl providers add' are kept.

Options:
  --all       Sign out every user in this keystore.
  --revoke    Also revoke the tokens at the provider (RFC 7009, or GitHub's
              token deletion). The local session is removed even if that fails;
              then the exit status is 9.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Sign out:
    authctl signout

  Sign everyone out:
    authctl signout --all
"""#,
        "whoami": #"""
Show the signed-in user.

Usage: authctl whoami [--check | --refresh]

Options:
  --check     Print nothing; exit 0 if a user is signed in and a token can be
              had without a browser (not expired, or refreshable), else 3: the
              same answer as 'authctl status --check'.
  --refresh   With a Firebase project: read the user from the project first
              (accounts:lookup), and show the claims of an ID token renewed now
              (custom claims set since the last sign-in appear).

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Show the user and linked providers as JSON:
    authctl whoami --json

  Sign in only when needed, in a script:
    authctl whoami --check || authctl signin --provider oidc.corp
"""#,
        "status": #"""
Show each user's providers and when their tokens expire.

Usage: authctl status [--check]

Reads the keystore only: nothing is refreshed and the network is not used. The
current user is marked with '*'. 'status --check', 'whoami --check', 'users' and
the JSON's canGetToken give one answer to whether a token can be had without a
browser.

Options:
  --check     Print nothing; exit 0 if the current user can get a token without
              interaction (a valid token, or one that can be refreshed), else 3.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  In CI, before calling an API:
    authctl status --check || { echo 'sign in first' >&2; exit 1; }

  Expiry and refreshability as JSON:
    authctl status --json
"""#,
        "token": #"""
Print an access token for scripts.

Usage: authctl token [--provider ID] [--id-token]
                     [--min-valid SECONDS | --force-refresh]

Prints the token alone on stdout, so that it can be used in a pipeline. With a
Firebase project (authctl firebase use) and no --provider, it is the project's
Firebase ID token, for your backend and Security Rules. A token that expires
within --min-valid seconds is refreshed first, once even when many authctl
processes ask at the same time. A token with nearly all of the provider's
lifetime left is never refreshed, since a refresh could not make it last longer.
--id-token refreshes the same way, and a CI job's (signed in with its own token)
is fetched again from its source; an ID token that has expired all the same is
refused. If nobody is signed in, or the provider refuses the refresh, the exit
status is 3 and you need to sign in again.

--force-refresh renews the token now however long it has left, as the Firebase
SDKs' getIDToken(forcingRefresh: true) does: a Firebase ID token then carries
the custom claims an admin set since it was issued. --verbose says that it was
renewed.

Options:
  --provider ID        Whose token to print. Default: the provider the user
                       signed in with.
  --id-token           Print the OpenID Connect ID token instead of the access
                       token.
  --min-valid SECONDS  Refresh the token first unless it stays valid this long.
                       A refresh cannot outlast the provider's token lifetime: a
                       token with 90% of it left (half, for a CI job's) is
                       handed out as it is, and a --min-valid above the default
                       that it does not meet is said on stderr. (default: 300)
  --force-refresh      Renew the token now, whatever its age (to see custom
                       claims set since it was issued). Many processes asking at
                       once still renew once: one that waited takes the token
                       renewed after it asked.

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Call an API as the signed-in user:
    curl -H "Authorization: Bearer $(authctl token --provider oidc.corp)" \
      https://api.corp.example/me

  Check the ID token against its provider:
    authctl token --id-token | authctl verify --provider oidc.corp

  Get an ID token with the custom claims set since the last sign-in:
    authctl token --id-token --force-refresh
"""#,
        "exec": #"""
Run a command with a fresh token in its environment.

Usage: authctl exec <command>... [--provider ID] [--env NAME] [--id-token]
                    [--min-valid SECONDS]

Refreshes the token if it expires within --min-valid seconds (as 'authctl token'
does), sets it in the environment variable --env (AUTHCTL_TOKEN by default), and
replaces authctl with the command, found on PATH: the exit status is the
command's. The token never appears on a command line, where other users could
read it in the process list.

Arguments:
  <command>            The program and its arguments, after '--'.

Options:
  --provider ID        Whose token to pass. Default: the provider the user
                       signed in with.
  --env NAME           The environment variable that holds the token. Default:
                       AUTHCTL_TOKEN.
  --id-token           Pass the OpenID Connect ID token instead of the access
                       token.
  --min-valid SECONDS  Refresh the token first unless it stays valid this long.
                       A refresh cannot outlast the provider's token lifetime: a
                       token with 90% of it left (half, for a CI job's) is
                       handed out as it is, and a --min-valid above the default
                       that it does not meet is said on stderr. (default: 300)

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Call an API (in single quotes, so the shell that exec starts expands it):
    authctl exec -- sh -c 'curl -H "Authorization: Bearer $AUTHCTL_TOKEN" $URL'

  A tool that reads its own variable:
    authctl exec --provider github.com --env GH_TOKEN -- gh repo list
"""#,
        "git-credential": #"""
Give git a provider's token (a git credential helper).

Usage: authctl git-credential <operation> [--provider ID] [--min-valid SECONDS]

git runs it with get, store or erase and its request on stdin (key=value lines).
For get, over https (http only to this machine), it answers the token, refreshed
first if needed, for github.com or a GitHub Enterprise Server added with
'authctl providers add github.com --api-base URL', or for any host with
--provider. A git that announces capability[]=authtype (2.46 and later) gets
authtype=Bearer and the token as an ephemeral credential; an older one gets
username=x-access-token and the token as the password. Other hosts get no
answer, so git asks its next helper.

erase with the token it gave (git was refused with it) expires that access
token, so the next get refreshes it; the refresh token stays. store changes
nothing: the tokens are authctl's, and 'authctl signout' forgets them.
capability prints the capabilities it understands; any other operation is
ignored. It never opens a browser: without a session, get exits 3.

Arguments:
  <operation>          What git asks: get, store, erase or capability (any other
                       is ignored).

Options:
  --provider ID        Answer every host git asks about with this provider's
                       token (scope the helper to a URL in git config). Default:
                       the GitHub provider whose host git asks about.
  --min-valid SECONDS  Refresh the token first unless it stays valid this long.
                       A refresh cannot outlast the provider's token lifetime: a
                       token with 90% of it left (half, for a CI job's) is
                       handed out as it is, and a --min-valid above the default
                       that it does not meet is said on stderr. (default: 300)

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Use it for github.com:
    git config --global \
      credential.https://github.com.helper '!authctl git-credential'

  A git server that takes an OpenID provider's tokens:
    git config --global credential.https://git.corp.example.helper \
      '!authctl git-credential --provider oidc.corp'
"""#,
        "kube-credential": #"""
Give kubectl a token (an exec credential plugin).

Usage: authctl kube-credential [--provider ID] [--id-token]
                               [--min-valid SECONDS]

Prints an ExecCredential (client.authentication.k8s.io/v1, or the version
kubectl names in KUBERNETES_EXEC_INFO) with the token, refreshed first if
needed, and its expirationTimestamp, so kubectl asks again when it expires. It
never opens a browser: without a usable session it exits 3 and says how to sign
in. See the README for the kubeconfig stanza.

Options:
  --provider ID        Whose token to give kubectl. Default: the provider the
                       user signed in with.
  --id-token           Give the OpenID Connect ID token (what the API server's
                       OIDC authenticator checks).
  --min-valid SECONDS  Refresh the token first unless it stays valid this long.
                       A refresh cannot outlast the provider's token lifetime: a
                       token with 90% of it left (half, for a CI job's) is
                       handed out as it is, and a --min-valid above the default
                       that it does not meet is said on stderr. (default: 300)

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Try what kubectl will get:
    authctl kube-credential --provider oidc.corp --id-token
"""#,
        "docker-credential": #"""
Give docker a registry token (a Docker credential helper).

Usage: authctl docker-credential <operation>

docker runs it as docker-credential-authctl (make install links it) with the
registry on stdin. get answers with the account name and the token, refreshed
first if needed, for ghcr.io and docker.pkg.github.com (github.com), or
containers.HOST for a GitHub Enterprise Server; other registries get docker's
'credentials not found' answer. list shows the registries it answers for. store
and erase change nothing: the tokens are authctl's. It never opens a browser.

To use it, name it in ~/.docker/config.json: {"credHelpers": {"ghcr.io":
"authctl"}}.

Arguments:
  <operation>  What docker asks: get, store, erase or list.

Global options:
  --home DIR   Directory for the session and provider settings. Default:
               $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
               (env: AUTHCTL_HOME)
  --json       Print results, and errors, as JSON.
  --verbose    Explain each step on stderr. Secrets are never printed.
  --no-color   Do not color the output.
  -h, --help   Show help for the command.
  --version    Print the version of authctl.

Examples:
  What docker gets for ghcr.io:
    echo ghcr.io | authctl docker-credential get

  The registries it answers for:
    authctl docker-credential list
"""#,
        "users": #"""
List the users in this keystore, marking the current one.

Usage: authctl users

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  List them as JSON:
    authctl users --json
"""#,
        "switch": #"""
Make another signed-in user the current one.

Usage: authctl switch <user>

Arguments:
  <user>      The uid or email of the user, as 'authctl users' shows it.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Switch to Bob:
    authctl switch bob@example.com
"""#,
        "methods": #"""
List the providers an email's account signs in with.

Usage: authctl methods <email>

Prints nothing when no account has the email.

Arguments:
  <email>     The email address.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  How does Alice sign in?
    authctl methods alice@example.com
"""#,
        "verify": #"""
Verify a JWT read on stdin and print its claims.

Usage: authctl verify [--provider ID | --firebase] [--audience AUDIENCE]
                      [--nonce NONCE]

Reads one compact JWT, such as an ID token, on stdin and checks it against the
provider: the signature with a key from the provider's JWKS, then the issuer
(iss), audience (aud), expiry (exp) and, with --nonce, the nonce. If every check
passes, the claims are printed as JSON on stdout; if one fails, nothing is
printed and the exit status is 10.

Options:
  --provider ID        The provider that issued the token. (required unless
                       --firebase)
  --firebase           The token is a Firebase ID token of the configured
                       project (RS256, Google's securetoken keys).
  --audience AUDIENCE  The expected audience. Default: the provider's client ID.
  --nonce NONCE        The expected nonce claim.

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Verify a token that another program received:
    authctl verify --provider oidc.corp --audience my-api < token.jwt

  Check the Firebase ID token authctl hands out:
    authctl token | authctl verify --firebase
"""#,
        "providers": #"""
Add, list, show and remove the providers to sign in with.

Usage: authctl providers <command> [options]
       authctl providers add <id> --client-id ID [options]
       authctl providers list
       authctl providers show <id>
       authctl providers remove <id>

Any OpenID Connect provider can be added with 'authctl providers add'; its
settings, client secret included, are kept in the authctl home directory
(providers.json, 0600).

Commands:
  add         Add a built-in provider or any OpenID Connect provider.
  list        List the providers you can sign in with.
  show        Show a provider's settings.
  remove      Remove a provider you added.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  List the providers:
    authctl providers list

See 'authctl help providers <command>' for help on a command.
"""#,
        "providers add": #"""
Add a built-in provider or any OpenID Connect provider.

Usage: authctl providers add <id> [--issuer URL] [--tenant TENANT]
                             [--api-base URL] [--redirect-uri URI]
                             --client-id ID
                             [--client-secret-stdin | --client-secret-env NAME]
                             [--scope SCOPE]... [--param KEY=VALUE]...
                             [--redirect-port PORT] [--hs256-id-tokens]
                             [--no-check]

authctl reads the provider's endpoints from its discovery document
(<issuer>/.well-known/openid-configuration). The issuer must use https; plain
http is allowed only on 127.0.0.1 or localhost, for testing.

The discovery document is fetched at once, so that a mistyped issuer or a
provider that is down shows now (status 9) rather than at the first sign-in;
--no-check skips this. An issuer that differs from the provider's only by a
trailing slash takes the provider's spelling, which ID tokens must match
exactly.

Through common, organizations or consumers, Microsoft's discovery document names
the issuer https://login.microsoftonline.com/{tenantid}/v2.0: each ID token's
iss must be that with {tenantid} replaced by the token's tid claim (consumers:
only the consumer tenant). A domain tenant is stored as the tenant id its
discovery document names.

The client secret is optional for most providers: public clients need none,
thanks to PKCE. google.com requires it: Google issues one with every Desktop app
client and its token endpoint asks for it, although it is not confidential. It
is never taken as a plain argument, because other users of the machine can see
the arguments of running programs; pass it on stdin or in an environment
variable.

Arguments:
  <id>                      github.com, yahoo.com, google.com, microsoft.com, or
                            oidc. followed by a name of your choice (a-z, 0-9, -
                            and _).

Options:
  --issuer URL              The provider's issuer URL: required for oidc.<name>;
                            a preset's is built in (yahoo.com:
                            https://api.login.yahoo.com; google.com:
                            https://accounts.google.com; microsoft.com:
                            https://login.microsoftonline.com/TENANT/v2.0).
  --tenant TENANT           microsoft.com only: common (the default: work,
                            school and personal accounts), organizations,
                            consumers, or one tenant's id (GUID) or domain name.
  --api-base URL            github.com only: the GitHub Enterprise Server root,
                            such as https://github.example.com.
  --redirect-uri URI        A redirect URI registered with the provider that is
                            not a loopback address; you paste the address the
                            browser lands on.
  --client-id ID            The client ID that the provider gave you for
                            authctl. (required)
  --client-secret-stdin     Read the client secret from the first line of stdin.
  --client-secret-env NAME  Read the client secret from the environment variable
                            NAME.
  --scope SCOPE             Ask for this scope at every sign-in, in addition to
                            openid, email and profile. (repeatable)
  --param KEY=VALUE         Add this parameter to every authorization request.
                            (repeatable)
  --redirect-port PORT      Always wait for the redirect on this port, for
                            providers that only accept a registered redirect URI
                            such as http://127.0.0.1:8400/; of a list
                            (8400,18400), the first free one.
  --hs256-id-tokens         Also accept ID tokens signed with HS256, keyed with
                            the client secret. Only for providers that sign that
                            way; needs a client secret.
  --no-check                Store the provider without asking it for its
                            discovery document first (offline set-up).

Global options:
  --home DIR                Directory for the session and provider settings.
                            Default: $XDG_CONFIG_HOME/authctl or
                            ~/.config/authctl. (env: AUTHCTL_HOME)
  --json                    Print results, and errors, as JSON.
  --verbose                 Explain each step on stderr. Secrets are never
                            printed.
  --no-color                Do not color the output.
  -h, --help                Show help for the command.
  --version                 Print the version of authctl.

Examples:
  Add a provider for a public client:
    authctl providers add oidc.corp --issuer https://login.example.com \
      --client-id authctl-cli

  Add Google for one Workspace domain, with the Desktop app client's secret:
    authctl providers add google.com --client-id ID.apps.googleusercontent.com \
      --client-secret-stdin --param hd=example.com < secret.txt

  Add Microsoft for work and school accounts only (a public client):
    authctl providers add microsoft.com --tenant organizations --client-id GUID
"""#,
        "providers list": #"""
List the providers you can sign in with.

Usage: authctl providers list

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  List them as JSON:
    authctl providers list --json
"""#,
        "providers show": #"""
Show a provider's settings.

Usage: authctl providers show <id>

The client secret is never shown; only whether there is one.

Arguments:
  <id>        The provider ID, such as oidc.corp.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Show a provider you added:
    authctl providers show oidc.corp
"""#,
        "providers remove": #"""
Remove a provider you added.

Usage: authctl providers remove <id>

Arguments:
  <id>        The provider ID, such as oidc.corp.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Remove a provider:
    authctl providers remove oidc.corp
"""#,
        "account": #"""
Manage the signed-in user's account.

Usage: authctl account <command> [options]
       authctl account delete
       authctl account update [options]
       authctl account send-password-reset <email>
       authctl account send-verification
       authctl account apply-code [<link>] [options]
       authctl account mfa <command> [options]

Commands:
  delete               Delete the signed-in user and their tokens from this
                       keystore.
  update               Change the user's email, password or profile (Firebase
                       project).
  send-password-reset  Have the Firebase project email a password-reset link.
  send-verification    Email the signed-in user a verification link (Firebase
                       project).
  apply-code           Use an emailed verification, recovery or password-reset
                       link.
  mfa                  Enrol, list and withdraw second factors (Firebase
                       project).

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Delete the current user from this keystore:
    authctl account delete

See 'authctl help account <command>' for help on a command.
"""#,
        "account delete": #"""
Delete the signed-in user and their tokens from this keystore.

Usage: authctl account delete

Needs a sign-in within the last 5 minutes (run 'authctl reauth' first).

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Delete the current user:
    authctl account delete
"""#,
        "account update": #"""
Change the user's email, password or profile (Firebase project).

Usage: authctl account update [--email EMAIL | --password] [--password-stdin]
                              [--display-name NAME] [--photo-url URL]

A sensitive change: the project wants a recent sign-in (five minutes), so run
'authctl reauth' first (a password user proves it with the current password).
The project then answers a new session, which replaces the stored one; its other
sessions end.

A project that changes an email only once the new address is verified (always
for an account with a second factor) mails the new address a link instead: the
email changes when the link is followed (open it, or give it to 'authctl account
apply-code'), and the project then ends the account's sessions, so sign in again
with the new address.

--display-name and --photo-url change the profile (no recent sign-in needed); ""
removes one.

Options:
  --email EMAIL        The new email address.
  --password           Set a new password, asked for without echo.
  --password-stdin     Set a new password, read from stdin's first line.
  --display-name NAME  Set the display name ("" removes it).
  --photo-url URL      Set the photo URL ("" removes it).

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Change the password after proving it is you:
    authctl reauth && authctl account update --password

  Change the email:
    authctl account update --email alice@new.example

  Set the name others see:
    authctl account update --display-name Alice
"""#,
        "account send-password-reset": #"""
Have the Firebase project email a password-reset link.

Usage: authctl account send-password-reset <email>

accounts:sendOobCode with PASSWORD_RESET. With email-enumeration protection on
(the default for new projects) the project answers the same whether or not an
account has the address.

Arguments:
  <email>     The account's email address.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Reset Alice's password:
    authctl account send-password-reset alice@example.com
"""#,
        "account send-verification": #"""
Email the signed-in user a verification link (Firebase project).

Usage: authctl account send-verification

accounts:sendOobCode with VERIFY_EMAIL. Open the link, or paste it into 'authctl
account apply-code'; 'authctl whoami --refresh' then shows the email verified.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Verify your email from the terminal:
    authctl account send-verification && authctl account apply-code
"""#,
        "account apply-code": #"""
Use an emailed verification, recovery or password-reset link.

Usage: authctl account apply-code [<link>] [--password-stdin]

A verify-email or recover-email link is applied (accounts:update with its
oobCode); a password-reset link sets the new password (accounts:resetPassword),
asked for without echo or read with --password-stdin. Each link works once, for
a limited time.

Arguments:
  <link>            The link from the mail (or its oobCode); asked for at a
                    terminal, else read from stdin.

Options:
  --password-stdin  For a password-reset link: read the new password from stdin
                    (give LINK as an argument).

Global options:
  --home DIR        Directory for the session and provider settings. Default:
                    $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                    (env: AUTHCTL_HOME)
  --json            Print results, and errors, as JSON.
  --verbose         Explain each step on stderr. Secrets are never printed.
  --no-color        Do not color the output.
  -h, --help        Show help for the command.
  --version         Print the version of authctl.

Examples:
  Verify your email with the link from the mail:
    authctl account apply-code "$LINK"

  Reset a password in a script:
    authctl account apply-code "$LINK" --password-stdin < new-password.txt
"""#,
        "account mfa": #"""
Enrol, list and withdraw second factors (Firebase project).

Usage: authctl account mfa <command> [options]
       authctl account mfa enroll <kind> [options]
       authctl account mfa list
       authctl account mfa unenroll <factor>

Commands:
  enroll      Enrol an authenticator app (TOTP) as a second factor.
  list        List the signed-in user's second factors (Firebase project).
  unenroll    Withdraw one of the signed-in user's second factors.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Enrol an authenticator app:
    authctl account mfa enroll totp

See 'authctl help account mfa <command>' for help on a command.
"""#,
        "account mfa enroll": #"""
Enrol an authenticator app (TOTP) as a second factor.

Usage: authctl account mfa enroll <kind> [--display-name NAME] [--issuer NAME]
                                  [--qr | --no-qr]

v2 accounts/mfaEnrollment:start makes a shared secret; it is drawn as a QR code
on a terminal (when the code fits the window with the text under it) and printed
as text and as an otpauth:// URI. The app's current code (asked for at a
terminal, else read from stdin's first line) finalizes the enrolment; later
sign-ins then ask for a code ('authctl signin --totp CODE'). The project needs
TOTP turned on (Identity Platform) and the email verified.

Arguments:
  <kind>               The kind of second factor: totp (an authenticator app).

Options:
  --display-name NAME  The factor's name, shown when a sign-in asks for it.
  --issuer NAME        The name the authenticator app shows (default: the
                       project id).
  --qr                 Draw the QR code even when stderr is not a terminal, with
                       --json, or taller than the window.
  --no-qr              Do not draw the QR code (the secret and the URI are
                       printed).

Global options:
  --home DIR           Directory for the session and provider settings. Default:
                       $XDG_CONFIG_HOME/authctl or ~/.config/authctl.
                       (env: AUTHCTL_HOME)
  --json               Print results, and errors, as JSON.
  --verbose            Explain each step on stderr. Secrets are never printed.
  --no-color           Do not color the output.
  -h, --help           Show help for the command.
  --version            Print the version of authctl.

Examples:
  Enrol your phone's authenticator app:
    authctl account mfa enroll totp --display-name Phone
"""#,
        "account mfa list": #"""
List the signed-in user's second factors (Firebase project).

Usage: authctl account mfa list

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  The factors' ids, to unenrol one:
    authctl account mfa list
"""#,
        "account mfa unenroll": #"""
Withdraw one of the signed-in user's second factors.

Usage: authctl account mfa unenroll <factor>

The project may want a recent sign-in ('authctl reauth' first). Its other
sessions end.

Arguments:
  <factor>    The factor's enrollment id ('authctl account mfa list').

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Withdraw a factor:
    authctl account mfa unenroll ENROLLMENT_ID
"""#,
        "config": #"""
Show or change the account rules.

Usage: authctl config <command> [options]
       authctl config set <key> <value>
       authctl config get <key>
       authctl config list

Settings: one-account-per-email (true or false, default true: a new provider
whose verified email belongs to an existing user must be linked, not signed in
as a second user); recent-login-seconds (default 300: how recent a sign-in
unlink and account delete need).

Commands:
  set         Change a setting.
  get         Print a setting's value.
  list        Print every setting.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Allow one user per provider identity:
    authctl config set one-account-per-email false

See 'authctl help config <command>' for help on a command.
"""#,
        "config set": #"""
Change a setting.

Usage: authctl config set <key> <value>

Arguments:
  <key>       The setting's name.
  <value>     Its new value.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Ask for a sign-in in the last minute:
    authctl config set recent-login-seconds 60

  Keep refresh tokens and client secrets in the system keyring, or fail:
    authctl config set storage keyring
"""#,
        "config get": #"""
Print a setting's value.

Usage: authctl config get <key>

Arguments:
  <key>       The setting's name.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Print one setting:
    authctl config get one-account-per-email
"""#,
        "config list": #"""
Print every setting.

Usage: authctl config list

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Print the settings:
    authctl config list
"""#,
        "firebase": #"""
Keep accounts in a Firebase project, or locally.

Usage: authctl firebase <command> [options]
       authctl firebase use --api-key KEY --project-id ID [options]
       authctl firebase show
       authctl firebase off

Local accounts live in this machine's keystore. With a Firebase / Identity
Platform project, accounts live in the project: the same uid on every machine,
Firebase ID tokens for your backend and Security Rules ('authctl token'), and
the project's rules. See the README.

Commands:
  use         Keep accounts in a Firebase project from now on.
  show        Show the Firebase project accounts live in.
  off         Go back to local accounts.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Use a project:
    authctl firebase use --api-key AIzaSy... --project-id my-app-1234

See 'authctl help firebase <command>' for help on a command.
"""#,
        "firebase use": #"""
Keep accounts in a Firebase project from now on.

Usage: authctl firebase use --api-key KEY --project-id ID [--plist FILE]
                            [--tenant-id TENANT] [--auth-domain DOMAIN]
                            [--ios-bundle-id ID] [--android-package NAME]
                            [--android-cert SHA1] [--referrer URL]
                            [--github-localhost] [--no-check]

Signing in then goes through the project (accounts:signInWithIdp): the project's
uid, its one-account-per-email rule and its Firebase ID tokens. Each project's
accounts are kept apart from local ones; 'authctl firebase off' goes back to
local accounts. With FIREBASE_AUTH_EMULATOR_HOST=host:port set, authctl talks to
the Auth emulator there.

A provider the project enables needs nothing on this machine: 'authctl signin
--provider github.com' asks the project to run the provider's flow with the
client id and secret of its console (README, "Firebase").

The API key is checked first with one cheap call to the project
(getProjectConfig): a wrong key, or one restricted to an app not named here, is
refused now with its fix rather than at the first sign-in; nothing is stored
then. --no-check skips the call.

Options:
  --api-key KEY           The project's Web API key (Project settings >
                          General). It is public, not a secret. (required unless
                          --plist)
  --project-id ID         The project id, such as my-app-1234. (required unless
                          --plist)
  --plist FILE            An Apple app's GoogleService-Info.plist instead of
                          --api-key and --project-id: its API_KEY, PROJECT_ID
                          and BUNDLE_ID (as --ios-bundle-id).
  --tenant-id TENANT      An Identity Platform tenant to keep the accounts in.
  --auth-domain DOMAIN    A custom domain serving the project's auth handler
                          (/__/auth/handler), as in the SDKs' authDomain;
                          default PROJECT.firebaseapp.com.
  --ios-bundle-id ID      For an API key restricted to an iOS app: its bundle id
                          (sent as X-Ios-Bundle-Identifier).
  --android-package NAME  For an API key restricted to an Android app: its
                          package name (X-Android-Package).
  --android-cert SHA1     With --android-package: the app's signing certificate
                          SHA-1, as the key lists it (X-Android-Cert).
  --referrer URL          For an API key restricted to websites: a referrer it
                          allows (Referer).
  --github-localhost      The GitHub app in the console also has
                          http://localhost/callback as a callback URL (a GitHub
                          App): GitHub sign-ins return to this machine instead
                          of the project's page and a paste.
  --no-check              Store the project without checking the API key against
                          it first (offline set-up).

Global options:
  --home DIR              Directory for the session and provider settings.
                          Default: $XDG_CONFIG_HOME/authctl or
                          ~/.config/authctl. (env: AUTHCTL_HOME)
  --json                  Print results, and errors, as JSON.
  --verbose               Explain each step on stderr. Secrets are never
                          printed.
  --no-color              Do not color the output.
  -h, --help              Show help for the command.
  --version               Print the version of authctl.

Examples:
  Use a project:
    authctl firebase use --api-key AIzaSy... --project-id my-app-1234

  Use the project of an Apple app's configuration file:
    authctl firebase use --plist GoogleService-Info.plist
"""#,
        "firebase show": #"""
Show the Firebase project accounts live in.

Usage: authctl firebase show

Prints nothing (status 0) when accounts are local.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Show it as JSON:
    authctl firebase show --json
"""#,
        "firebase off": #"""
Go back to local accounts.

Usage: authctl firebase off

The project's signed-in users are kept apart and come back with 'authctl
firebase use'.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Stop using the project:
    authctl firebase off
"""#,
        "completion": #"""
Print the completion script for bash, zsh or fish.

Usage: authctl completion <shell>

The script completes every command, subcommand and option (make install puts
each where its shell looks). To try it in the running shell, source it.

Arguments:
  <shell>     bash, zsh or fish.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  bash, in this shell:
    eval "$(authctl completion bash)"

  zsh, for every shell:
    authctl completion zsh > "${fpath[1]}/_authctl"

  fish:
    authctl completion fish > ~/.config/fish/completions/authctl.fish
"""#,
        "manual": #"""
Print the authctl(1) manual page (roff).

Usage: authctl manual

make install installs it; to read it without installing, pipe it to 'man -l -'.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Read it:
    authctl manual | man -l -
"""#,
        "provider-ids": #"""
List the provider ids completion offers.

Usage: authctl provider-ids

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  What --provider completes to:
    authctl provider-ids
"""#,
        "help": #"""
Show help for a command.

Usage: authctl help [<command>...]

Arguments:
  <command>   The command, and subcommand, to explain.

Global options:
  --home DIR  Directory for the session and provider settings. Default:
              $XDG_CONFIG_HOME/authctl or ~/.config/authctl. (env: AUTHCTL_HOME)
  --json      Print results, and errors, as JSON.
  --verbose   Explain each step on stderr. Secrets are never printed.
  --no-color  Do not color the output.
  -h, --help  Show help for the command.
  --version   Print the version of authctl.

Examples:
  Explain signin:
    authctl help signin

  Explain a subcommand:
    authctl help providers add
"""#,
    ]
}
