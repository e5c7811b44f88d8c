"""Standard OpenID claims for the Django users (ID token and userinfo), by scope."""

from oauth2_provider.oauth2_validators import OAuth2Validator


class ClaimsValidator(OAuth2Validator):
    # Request-agnostic form (one parameter): DOT then also lists the claims in discovery.
    def get_additional_claims(self):
        return {
            "email": lambda request: request.user.email,
            "email_verified": lambda request: bool(request.user.email),
            "name": lambda request: request.user.get_full_name() or request.user.username,
            "given_name": lambda request: request.user.first_name,
            "family_name": lambda request: request.user.last_name,
            "preferred_username": lambda request: request.user.username,
        }

    # prompt=none: DOT's stock validator leaves these to subclasses and answers 500
    # (NotImplementedError). This provider never signs in silently: prompt=none always gets
    # error=login_required on the redirect URI (OpenID Connect Core §3.1.2.6).
    def validate_silent_login(self, request):
        return False

    def validate_silent_authorization(self, request):
        return False
