"""One change to DOT's authorization view: RFC 9207 `iss` on error responses too.

DOT 3.4.1 adds `iss` only to successful authorization responses
(``OAuthLibCore.create_authorization_response``); error redirects such as
``error=access_denied`` leave without it, although discovery then advertises
``authorization_response_iss_parameter_supported: true``. RFC 9207 §2 requires `iss` on
error responses as well, and a strict client must reject a response without it, so a
consent denial would look like a mix-up attack. Every redirect this view sends goes back to
the client's (already validated) redirect URI, so stamping `iss` on all of them is right.
"""

from oauth2_provider.oauth2_backends import _add_iss_to_redirect
from oauth2_provider.settings import oauth2_settings
from oauth2_provider.views import AuthorizationView


class StrictAuthorizationView(AuthorizationView):
    def redirect(self, redirect_to, application):
        if oauth2_settings.COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS:
            issuer = oauth2_settings.oauth2_authorization_server_issuer(self.request)
            redirect_to = _add_iss_to_redirect(redirect_to, issuer)
        return super().redirect(redirect_to, application)
