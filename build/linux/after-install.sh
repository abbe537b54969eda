#!/bin/bash
# deb post-install (electron-builder fills in ${executable} and ${sanitizedProductName}).
# Beside what electron-builder's default script does (launcher link, chrome-sandbox mode,
# desktop and MIME databases), it links /usr/bin/little-inspector to the CLI wrapper, so the
# installed command takes the same arguments as `npx little-inspector`.
APP_DIR='/opt/${sanitizedProductName}'

ln -sf "$APP_DIR/${executable}" '/usr/bin/${executable}'
ln -sf "$APP_DIR/resources/bin/little-inspector" '/usr/bin/little-inspector'

# Chromium's sandbox: SUID helper only where unprivileged user namespaces do not work.
if [[ -L /proc/self/ns/user ]] && unshare --user true 2>/dev/null; then
  chmod 0755 "$APP_DIR/chrome-sandbox" || true
else
  chmod 4755 "$APP_DIR/chrome-sandbox" || true
fi

if hash update-mime-database 2>/dev/null; then update-mime-database /usr/share/mime || true; fi
if hash update-desktop-database 2>/dev/null; then update-desktop-database /usr/share/applications || true; fi

# Ubuntu 24.04+ restricts unprivileged user namespaces through AppArmor: install the profile
# electron-builder ships, when this AppArmor can parse it.
PROFILE="$APP_DIR/resources/apparmor-profile"
if [ -f "$PROFILE" ] && apparmor_status --enabled >/dev/null 2>&1 && apparmor_parser --skip-kernel-load --debug "$PROFILE" >/dev/null 2>&1; then
  cp -f "$PROFILE" '/etc/apparmor.d/${executable}'
  if ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; }; then
    apparmor_parser --replace --write-cache --skip-read-cache '/etc/apparmor.d/${executable}' || true
  fi
fi
exit 0
