#!/bin/sh
# nginx with the container's DNS server as its resolver and the API's address from
# TRICKLOG_API_UPSTREAM (host:port, default api:8000).
set -eu
echo "resolver $(awk '/^nameserver/ {print $2; exit}' /etc/resolv.conf) valid=5s ipv6=off;" \
  > /etc/nginx/resolver.conf
sed "s/\${TRICKLOG_API_UPSTREAM}/${TRICKLOG_API_UPSTREAM:-api:8000}/" /etc/nginx/nginx.conf.in \
  > /etc/nginx/nginx.conf
exec nginx -g 'daemon off;'
