vcl 4.1;
# Varnish 7 between nginx and the app servers (decision 069): signed-out pages the servers
# offer (those answering with an `xkey` header) are kept and shared by every visitor until a
# purge names one of their keys; everything else passes straight through.
#
# Debian: apt-get install varnish varnish-modules; this file as /etc/varnish/parkside.vcl;
# varnishd -a 127.0.0.1:6081 -f /etc/varnish/parkside.vcl -s malloc,512m
# The app servers: CDN_SURROGATE_HEADER=xkey, CDN_PURGE_URLS=http://127.0.0.1:6081/ and
# TRUST_PROXY=2 (nginx, then Varnish, add the client's address).

import directors;
import std;
import xkey;

# The app servers, as in deploy/nginx/parkside.conf's upstream; a server failing /healthz is
# left out until it answers again.
probe healthz {
    .url = "/healthz";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}
backend app1 { .host = "127.0.0.1"; .port = "3001"; .probe = healthz; }
backend app2 { .host = "127.0.0.1"; .port = "3002"; .probe = healthz; }
backend app3 { .host = "127.0.0.1"; .port = "3003"; .probe = healthz; }

# Who may purge: the app servers' machines, nobody else.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new servers = directors.round_robin();
    servers.add_backend(app1);
    servers.add_backend(app2);
    servers.add_backend(app3);
}

sub vcl_recv {
    set req.backend_hint = servers.backend();

    # A purge: every object stored under any of the keys in `xkey-purge` goes at once.
    if (req.method == "PURGE") {
        # Through nginx a purge would come from 127.0.0.1 too, but with the client's address
        # ahead of nginx's in X-Forwarded-For (Varnish adds its client's own).
        if (client.ip !~ purgers || req.http.X-Forwarded-For ~ ",") {
            return (synth(403, "Purges are taken from the app servers only."));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the keys to purge in xkey-purge."));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged + " objects."));
    }

    # Live messages stream for as long as the page is open: never buffered, never kept.
    if (req.url ~ "^/api/messages/stream") {
        return (pipe);
    }
    # Changes, signed-in people (the session cookie, or a toast waiting for someone) and API
    # calls with a token are never answered from the cache. Varnish's built-in rules then pass
    # anything else with a cookie or Authorization.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;\s*)parkside_(session|toast)=" || req.http.Authorization) {
        return (pass);
    }
    # Pages are the same whatever the client's language or cookies for other sites.
    unset req.http.Cookie;
}

sub vcl_pipe {
    # A piped stream keeps its own connection to the server.
    set bereq.http.Connection = "close";
}

sub vcl_backend_response {
    # Only what the servers offered as one copy for everyone (it carries surrogate keys) is
    # kept; the app marks every other page `private, no-cache`.
    if (!beresp.http.xkey || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The app's s-maxage is the TTL; a stale copy may be served for 30 s while a fresh one is
    # fetched (stale-while-revalidate).
    set beresp.grace = 30s;
}

sub vcl_deliver {
    # The keys are for the cache only.
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Shared-Cache = "hit";
    } else {
        set resp.http.X-Shared-Cache = "miss";
    }
}
