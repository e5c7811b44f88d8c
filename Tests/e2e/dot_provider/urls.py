from django.contrib.auth import views as auth_views
from django.urls import include, path
from oauth2_provider import urls as dot_urls

from .views import StrictAuthorizationView

# The issuer is http://127.0.0.1:PORT/o. Our strict authorization view shadows DOT's
# `o/authorize/` (first match wins); everything else is DOT's stock URL set, including
# `o/.well-known/openid-configuration`, `o/.well-known/oauth-authorization-server` (the only
# document that lists `revocation_endpoint`) and `o/revoke_token/`. The RFC 8414 root form,
# `/.well-known/oauth-authorization-server/o`, is mounted too.
urlpatterns = [
    path("o/authorize/", StrictAuthorizationView.as_view(), name="authorize"),
    path("o/", include(dot_urls)),
    path("", include((dot_urls.metadata_urlpatterns, "oauth2_metadata_root"))),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
]
