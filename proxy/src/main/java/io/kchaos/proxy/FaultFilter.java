package io.kchaos.proxy;

import io.kroxylicious.proxy.filter.FilterContext;
import io.kroxylicious.proxy.filter.FilterDispatchExecutor;
import io.kroxylicious.proxy.filter.RequestFilter;
import io.kroxylicious.proxy.filter.RequestFilterResult;
import io.kroxylicious.proxy.filter.ResponseFilter;
import io.kroxylicious.proxy.filter.ResponseFilterResult;
import io.netty.channel.Channel;
import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fault filter of one client connection: asks {@link Faults} whether a rule acts on each request (and response)
 * it is interested in, and does what the rule says — hold, delay, drop the response, deliver twice, answer with an
 * error — recording each action. Requests of API keys no rule names are not even decoded (Kroxylicious passes them
 * through as opaque frames), so with no fault on the proxy only relays; the connection's first request (a Kafka
 * client's ApiVersions) is, and puts the link toxics ({@link Links}) on the client's connection, or closes a connection
 * from off this machine ({@link LoopbackClients}).
 */
final class FaultFilter implements RequestFilter, ResponseFilter {
    private static final Pattern ID = Pattern.compile("id: (0x[0-9a-f]+)");
    private static final Pattern LOCAL = Pattern.compile("L:(?:[^/ ]*/)?([^ ,\\]]+)");
    private static final Pattern REMOTE = Pattern.compile("R:(?:[^/ ]*/)?([^ ,\\]]+)");

    private final Faults faults = Faults.get();
    private final FilterDispatchExecutor executor;
    /** Correlation id → the fields of a request whose response is to be thrown away. */
    private final Map<Integer, ActionFields> dropResponses = new ConcurrentHashMap<>();
    private volatile String clientId;
    private int node = Integer.MIN_VALUE;
    private String connection = "?";
    private boolean linked;

    FaultFilter(FilterDispatchExecutor executor) {
        this.executor = executor;
    }

    @Override
    public boolean shouldHandleRequest(ApiKeys apiKey, short apiVersion) {
        return !linked || faults.wantsRequest(apiKey);
    }

    @Override
    public boolean shouldHandleResponse(ApiKeys apiKey, short apiVersion) {
        return faults.wantsResponse(apiKey) || !dropResponses.isEmpty();
    }

    @Override
    public CompletionStage<RequestFilterResult> onRequest(ApiKeys api, RequestHeaderData header, ApiMessage body, FilterContext ctx) {
        locate(ctx);
        clientId = header.clientId();
        if (!linked) {
            linked = true;
            Optional<Channel> client = ClientChannels.of(ctx);
            if (client.isPresent() && !LoopbackClients.admits(client.get().remoteAddress())) {
                System.err.println("kchaos proxy: closed a client connection from " + client.get().remoteAddress() + ": loopback clients only");
                return ctx.requestFilterResultBuilder().withCloseConnection().completed();
            }
            client.ifPresent(ch -> faults.links().attach(ch, node, ch.remoteAddress() + "->" + ch.localAddress(), clientId));
        }
        String txnId = TransactionalIds.of(body);
        Rule rule = faults.claimRequest(api, node, clientId, txnId);
        if (rule == null) return forward(ctx, header, body).completed();
        ActionFields fields = new ActionFields(rule.id, rule.kind.name().toLowerCase().replace('_', '-'), api, header.requestApiVersion(),
                header.correlationId(), node, clientId, connection, txnId, RequestDetails.of(body));
        switch (rule.kind) {
            case HOLD -> {
                byte[] frame = Frames.encode(api, header, body);
                faults.hold(new Held(rule, api, header.requestApiVersion(), node, clientId, frame, fields));
                faults.log().record(fields.action("held: taken out of the client's stream"
                        + (rule.releaseAfter == null ? "" : " until the client's next " + rule.releaseAfter + " goes through")
                        + " (at most " + rule.holdMs + " ms)"));
                return ctx.requestFilterResultBuilder().drop().completed();
            }
            case DELAY -> {
                long ms = rule.drawDelayMs();
                faults.log().record(fields.action("delayed the request " + ms + " ms"));
                return later(ms, () -> forward(ctx, header, body).build());
            }
            case DROP_RESPONSE -> {
                dropResponses.put(header.correlationId(), fields);
                return forward(ctx, header, body).completed();
            }
            case DUPLICATE -> {
                byte[] frame = Frames.encode(api, header, body);
                CompletionStage<RequestFilterResult> out = forward(ctx, header, body).completed();
                faults.deliverCopy(fields, node, api, header.requestApiVersion(), frame);
                return out;
            }
            case ERROR -> {
                faults.log().record(fields.action("answered with " + rule.error.name() + " instead of forwarding"));
                return ctx.requestFilterResultBuilder().errorResponse(header, body, rule.error.exception()).completed();
            }
            default -> throw new IllegalStateException("unknown fault kind " + rule.kind);
        }
    }

    @Override
    public CompletionStage<ResponseFilterResult> onResponse(ApiKeys api, ResponseHeaderData header, ApiMessage response, FilterContext ctx) {
        locate(ctx);
        ActionFields dropped = dropResponses.remove(header.correlationId());
        if (dropped != null) {
            faults.log().record(dropped.action("dropped the response after the broker handled the request"));
            return ctx.responseFilterResultBuilder().drop().completed();
        }
        CompletableFuture<Void> delivered = faults.responsePassed(api, clientId);
        if (delivered != null) {
            // a held request released by this response reaches its broker before the client hears this answer
            return executor.completeOnFilterDispatchThread(delivered.exceptionally(e -> null))
                    .thenCompose(ignored -> respond(api, header, response, ctx));
        }
        return respond(api, header, response, ctx);
    }

    private CompletionStage<ResponseFilterResult> respond(ApiKeys api, ResponseHeaderData header, ApiMessage response, FilterContext ctx) {
        Rule rule = faults.claimResponse(api, node, clientId);
        if (rule == null) return ctx.responseFilterResultBuilder().forward(header, response).completed();
        long ms = rule.drawDelayMs();
        ActionFields fields = new ActionFields(rule.id, "delay-response", api, (short) -1, header.correlationId(), node, clientId, connection, null, null);
        faults.log().record(fields.action("delayed the response " + ms + " ms"));
        return later(ms, () -> ctx.responseFilterResultBuilder().forward(header, response).build());
    }

    private static io.kroxylicious.proxy.filter.filterresultbuilder.CloseOrTerminalStage<RequestFilterResult> forward(
            FilterContext ctx, RequestHeaderData header, ApiMessage body) {
        return ctx.requestFilterResultBuilder().forward(header, body);
    }

    private <T> CompletionStage<T> later(long ms, Supplier<T> result) {
        CompletableFuture<T> f = new CompletableFuture<>();
        executor.schedule(() -> f.complete(result.get()), ms, TimeUnit.MILLISECONDS);
        return f;
    }

    /**
     * Learns, once, which node this connection reaches and names the connection: Kroxylicious's channel descriptor
     * here is the proxy's connection to the broker ({@code [id: 0x.., L:/local:port - R:host/ip:port]}).
     */
    private void locate(FilterContext ctx) {
        if (node != Integer.MIN_VALUE) return;
        String d = ctx.channelDescriptor();
        Matcher id = ID.matcher(d);
        Matcher l = LOCAL.matcher(d);
        Matcher r = REMOTE.matcher(d);
        String remote = r.find() ? r.group(1) : "?";
        node = faults.nodeAt(remote);
        connection = (id.find() ? id.group(1) + " " : "") + (l.find() ? l.group(1) : "?") + "->" + remote;
    }
}
