import segno
from django.conf import settings
from django.core.management.base import BaseCommand

from common.network import join_url, lan_addresses


class Command(BaseCommand):
    help = "Print the addresses players join Hydra by on this machine's networks, with a QR code (venue mode)."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=None, help="the port Hydra serves on (default: PORT or 8000)")
        parser.add_argument("--no-qr", action="store_true", help="addresses only")

    def handle(self, *args, port=None, no_qr=False, **options):
        port = port or settings.HYDRA_VENUE_PORT
        addresses = lan_addresses()
        url = settings.HYDRA_VENUE_URL or join_url(addresses=addresses, port=port)
        if not addresses:
            self.stdout.write(
                self.style.WARNING(
                    "No network address found besides 127.0.0.1: connect the laptop to the venue's Wi-Fi (or start its "
                    "hotspot) and run make venue again. Players can't reach Hydra until then."
                )
            )
        for address in addresses:
            self.stdout.write(f"  {join_url(addresses=[address], port=port)}")
        if not no_qr:
            segno.make(url, error="m").terminal(out=self.stdout._out, compact=True)
        self.stdout.write(f"Players join at {url} (also shown on the projector: /events/<id>/screen/).")
