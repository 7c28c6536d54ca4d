import com.merchantgateway.client.Callbacks;
import com.merchantgateway.client.Gateway;
import com.merchantgateway.client.Requests.Input;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

// A merchant server's whole integration: a signed web debit, the wait for its final status, and the signed callback
// verified for this transaction and amount. Configuration from MGW_BASE_URL, MGW_MERCHANT_ID, MGW_SALT_KEY, ...
public class Pay {
    public static void main(String[] args) throws Exception {
        Gateway gw = new Gateway(Gateway.Config.fromEnv());
        String tx = "TXJ" + System.currentTimeMillis();
        long amount = 10000;
        CompletableFuture<Callbacks.Result> callback = new CompletableFuture<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/callback", exchange -> {
            Callbacks.Result result = gw.verifyCallback(exchange.getRequestBody().readAllBytes(),
                    exchange.getRequestHeaders().getFirst("X-VERIFY"), tx, amount);
            exchange.sendResponseHeaders(result.valid() ? 200 : 400, -1);
            exchange.close();
            callback.complete(result);
        });
        server.start();
        String callbackUrl = "http://127.0.0.1:" + server.getAddress().getPort() + "/callback";
        Gateway.Answer debit = gw.call("debitV4Web", Input.of(Map.of("transactionId", tx, "merchantUserId", "U1",
                "amount", amount)).header("X-CALLBACK-URL", callbackUrl));
        System.out.println("debit " + debit.outcome() + ": pay at " + debit.json().path("data").path("redirectURL").asText());
        Gateway.Answer status = gw.waitFor(tx, amount);
        System.out.println("status " + status.outcome());
        Callbacks.Result result = callback.get(60, TimeUnit.SECONDS);
        System.out.println("callback " + (result.valid() ? "verified" : "rejected: " + result.reason()) + ", paid " + result.paid());
        server.stop(0);
        System.exit(status.outcome().equals("succeeded") && result.paid() ? 0 : 1);
    }
}
