"""Celery task of the cards: the opt-in periodic refresh of the card data (HYDRA_CARD_REFRESH, docs/cards.md)."""

import logging

from celery import shared_task
from django.conf import settings

from cards.services import card_data_job_run, cards_refresh

REFRESH_TASK = "cards.refresh"
log = logging.getLogger(__name__)


@shared_task(name=REFRESH_TASK, ignore_result=True)
def card_data_refresh(source: str = "", url: str = "") -> int:
    """Download and import the current card data (the source and mirror of HYDRA_CARD_REFRESH and
    HYDRA_CARD_REFRESH_URL unless given). Returns the number of cards imported. A failure (offline) is logged and
    raised, so the worker shows it; the data already imported stays."""
    source = source or settings.HYDRA_CARD_REFRESH or "mtgjson"
    result = cards_refresh(source=source, url=url or settings.HYDRA_CARD_REFRESH_URL)
    log.info("Card data refreshed from %s: %d cards, data of %s", source, result.total, result.data_date or "?")
    return result.total


JOB_TASK = "cards.import_job"


@shared_task(name=JOB_TASK, ignore_result=True, acks_late=False)
def card_data_job(job_id: str, path: str = "", name: str = "", source: str = "", url: str = "", by: str = "") -> int:
    """An import asked for in the browser (an uploaded file, or a download of `source`); its progress and outcome
    go to the job's record (cards.services.card_data_job_run). Not retried: a failed import says why on the page.
    Returns the number of cards imported (0 when it failed)."""
    result = card_data_job_run(job_id=job_id, path=path, name=name, source=source, url=url, by=by)
    return result.total if result else 0
