import gateway.base.ApiClient;
import gateway.base.api.PaymentsApi;
import gateway.base.api.StatusApi;
import gateway.base.model.DebitRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

// docs/other-languages.md's openapi-generator `native` recipe, called: a signed web debit, then its status.
//   java Call BASE_URL MERCHANT_ID SALT_KEY SALT_INDEX TRANSACTION_ID
public class Call {
    static String xVerify(String message, String key, String index) throws Exception {
        byte[] d = MessageDigest.getInstance("SHA-256").digest((message + key).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(d) + "###" + index;
    }

    public static void main(String[] a) throws Exception {
        ApiClient client = new ApiClient();
        client.updateBaseUri(a[0]);
        String payloadJson = "{\"merchantId\":\"" + a[1] + "\",\"transactionId\":\"" + a[4]
                + "\",\"merchantUserId\":\"U1\",\"amount\":10000}";
        String request = Base64.getEncoder().encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8));
        PaymentsApi payments = new PaymentsApi(client);
        var debit = payments.debitV4Web(new DebitRequest().request(request), null, null, null, null, null,
                Map.of("X-VERIFY", xVerify(request + "/v4/debit", a[2], a[3])));
        System.out.println("debit " + debit.getCode());
        String path = "/v3/transaction/" + a[1] + "/" + a[4] + "/status";
        var status = new StatusApi(client).getTransactionStatus(a[1], a[4], Map.of("X-VERIFY", xVerify(path, a[2], a[3])));
        System.out.println("status " + status.getCode());
    }
}
