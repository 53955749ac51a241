# Hydra's image for compose.yaml (and any container platform): the web, worker and beat processes all run it.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=config.settings.production
WORKDIR /app
RUN useradd --create-home --uid 1000 hydra
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
# collectstatic needs settings but no services: a throwaway key and URLs that are never connected to.
RUN SECRET_KEY=build-only-build-only-build-only-build-only-build-only \
    DATABASE_URL=postgres://build@localhost/build CELERY_BROKER_URL=redis://localhost:6379/0 \
    python manage.py collectstatic --noinput --verbosity 0 && mkdir -p var && chown -R hydra /app/var
USER hydra
EXPOSE 8000
CMD ["gunicorn", "config.asgi:application", "--config", "config/gunicorn.py"]
