#!/usr/bin/env bash
# Prints the Debian packages the tests need that this machine lacks, one per
# line: Chromium for the browser tests, aiosmtpd as a real SMTP server, and
# Java for the Nu HTML Checker (vnu.jar, from the vnu-jar npm package).
# A CHROMIUM_PATH that names no program counts as none (the tests would fail to start it).
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then echo chromium; fi
if ! /usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null; then echo python3-aiosmtpd; fi
if ! command -v java >/dev/null 2>&1; then echo default-jre-headless; fi
exit 0
