#!/bin/bash
# deb post-remove: undo after-install.sh (the two /usr/bin links and the AppArmor profile).
for link in '/usr/bin/${executable}' '/usr/bin/little-inspector'; do
  case "$(readlink "$link" 2>/dev/null)" in
    '/opt/${sanitizedProductName}/'*) rm -f "$link" ;;
  esac
done
if [ -f '/etc/apparmor.d/${executable}' ]; then
  if apparmor_status --enabled >/dev/null 2>&1 && ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; }; then
    apparmor_parser --remove '/etc/apparmor.d/${executable}' || true
  fi
  rm -f '/etc/apparmor.d/${executable}'
fi
exit 0
