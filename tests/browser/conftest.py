"""Real headless Chromium for the browser tests (Debian's chromium and chromedriver, see scripts/ensure_browser.sh).

Selenium never downloads anything: the driver's path is given and SE_OFFLINE is set. Each browser gets a fresh
profile. Without the browser the tests are skipped with the reason, except with CI=true, where that is a failure.
Screenshots go to tests/screenshots/ (gitignored).
"""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
PHONE = (390, 844)
LAPTOP = (1280, 800)
CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

os.environ.setdefault("SE_OFFLINE", "true")


def _missing() -> str:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    return ", ".join(missing)


class Browser:
    """One Chromium window on the live server, with the few steps the tests need."""

    def __init__(self, driver, base_url: str):
        self.driver = driver
        self.base_url = base_url

    def get(self, path: str) -> None:
        self.driver.get(self.base_url + path)

    def find(self, css: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def link(self, text: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.PARTIAL_LINK_TEXT, text)

    def button(self, text: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.XPATH, f"//button[normalize-space()='{text}']")

    def tap(self, text: str, *, timeout: float = 8) -> None:
        """Click the button labelled `text` once it is there. A live region swapped by htmx between finding the button
        and clicking it leaves a stale element that takes no click: the tap is made again on the new button, as a
        person would tap again."""
        from selenium.common.exceptions import (
            NoSuchElementException,
            StaleElementReferenceException,
        )
        from selenium.webdriver.support.ui import WebDriverWait

        def tapped(_driver) -> bool:
            try:
                self.button(text).click()
            except (NoSuchElementException, StaleElementReferenceException):
                return False
            return True

        WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(tapped)

    def wait_for_pick_guard_over(self, *, timeout: float = 8) -> None:
        """Wait until the live draft's mis-tap guard after a new pack is over (static/js/hydra.js marks it on <html>)."""
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
            lambda driver: not driver.execute_script("return document.documentElement.hasAttribute('data-pick-guard');")
        )

    def text(self, css: str = "body") -> str:
        """The visible text of the first element matching `css` ("" if none), read in one step in the page, so a
        live region swapped by htmx at that moment can't leave a half-read element behind."""
        return self.driver.execute_script(
            "var el = document.querySelector(arguments[0]); return el ? el.innerText : '';", css
        )

    def rows(self, css: str) -> list[list[str]]:
        """The cells' texts (whitespace collapsed) of every table row matching `css`, read in one step."""
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0])).map(function (row) {"
            "  return Array.from(row.querySelectorAll('th, td')).map(function (cell) {"
            "    return cell.innerText.replace(/\\s+/g, ' ').trim(); }); });",
            css,
        )

    def wait_for_text(self, text: str, *, css: str = "body", timeout: float = 8) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(lambda _driver: text in self.text(css))

    def sign_in(self, username: str, password: str = "pw-for-tests") -> None:
        self.get("/accounts/login/")
        self.find("#id_username").send_keys(username)
        self.find("#id_password").send_keys(password)
        self.button("Sign in").click()
        self.wait_for_text("Sign out", css=".site-header")

    def screenshot(self, name: str, *, laptop: bool = False) -> Path:
        """Save a full-page screenshot at phone size (and, with laptop=True, also at laptop size)."""
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}-phone.png"
        self._shoot(path, PHONE)
        if laptop:
            self._shoot(SCREENSHOTS / f"{name}-laptop.png", LAPTOP)
            self.driver.set_window_size(*PHONE)
        return path

    def _shoot(self, path: Path, size: tuple[int, int]) -> None:
        width, height = size
        self.driver.set_window_size(width, height)
        full = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(width, max(height, min(int(full) + 140, 4000)))
        self.driver.save_screenshot(str(path))
        self.driver.set_window_size(width, height)


@pytest.fixture
def browsers(live_server, settings):
    """browsers() opens one more Chromium window (phone-sized) on the live server; all are closed afterwards.

    Live pages poll every second here, so a test sees a page change by itself without waiting long.
    """
    missing = _missing()
    if missing and CI:
        pytest.fail(f"CI=true and the browser tests can't run: {missing} missing (see scripts/ensure_browser.sh).")
    if missing:
        pytest.skip(
            f"no headless browser ({missing} missing): run `make test` as root, or install chromium and chromium-driver"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    settings.PORTAL_POLL_SECONDS = 1
    opened = []

    def open_browser() -> Browser:
        profile = tempfile.mkdtemp(prefix="hydra-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            f"--window-size={PHONE[0]},{PHONE[1]}",
            "--lang=en-US",
        ):
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.implicitly_wait(0)
        opened.append((driver, profile))
        return Browser(driver, live_server.url)

    yield open_browser
    for driver, profile in opened:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
