#!/usr/bin/env python3
"""Browser test of `narrate serve --tls-cert --tls-key` in Chromium: a secure context by name.

A server reached by a name (`narrate.test`, mapped to 127.0.0.1) over plain HTTP is no secure
context, so a browser gives it no service worker and no install. Over HTTPS with a certificate
of the listener's own authority (Chromium told to trust that certificate's key, as a phone is
told to trust the authority), it is: the page is a secure context, the service worker takes
control, and the app has no installability error. Prints "ok: ..." for each check, or
"FAIL: ..." and exits 1.

    python3 Tests/Browser/tls_test.py --url https://narrate.test:PORT --token TOKEN \
        --certificate server.pem --screenshots DIR
"""

import argparse
import base64
import hashlib
import subprocess
import sys
import urllib.parse

from selenium.common.exceptions import WebDriverException

from player_test import Browser, CheckFailed, ok


def spki_hash(certificate):
    """The SHA-256 of the certificate's public key (what --ignore-certificate-errors-spki-list takes)."""
    key = subprocess.run(["openssl", "x509", "-in", certificate, "-pubkey", "-noout"], capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key, capture_output=True, check=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--certificate", required=True)
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    host = urllib.parse.urlsplit(arguments.url).hostname
    browser = None
    try:
        browser = Browser(arguments.url, arguments.screenshots, extra_arguments=(
            f"--host-resolver-rules=MAP {host} 127.0.0.1", f"--ignore-certificate-errors-spki-list={spki_hash(arguments.certificate)}"))
        browser.open(f"/?token={arguments.token}")
        browser.wait_for("return document.querySelector('#articles') !== null", 20,
                         f"the library page did not open over HTTPS at {arguments.url}: {browser.driver.title}")
        if not browser.js("return window.isSecureContext && location.protocol === 'https:'"):
            raise CheckFailed(f"{arguments.url} is not a secure context in Chromium")
        browser.wait_for("return navigator.serviceWorker.controller !== null", 20,
                         "over HTTPS the service worker never took control of the page")
        errors = browser.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
        if errors:
            raise CheckFailed(f"over HTTPS the app is not installable: {errors}")
        browser.screenshot("library-https-1440.png")
        ok(f"{arguments.url}: a secure context, the service worker in control, installable; library-https-1440.png")
        return 0
    except (CheckFailed, WebDriverException, subprocess.CalledProcessError) as error:
        print(f"FAIL: {getattr(error, 'msg', None) or error}", file=sys.stderr)
        return 1
    finally:
        if browser:
            browser.quit()


if __name__ == "__main__":
    sys.exit(main())
