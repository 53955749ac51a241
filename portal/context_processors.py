"""What every page's template may ask about the site."""

from django.conf import settings


def site(request) -> dict:
    return {"signup_open": settings.HYDRA_SIGNUP_OPEN}
