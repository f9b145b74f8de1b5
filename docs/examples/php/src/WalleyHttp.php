<?php
/**
 * One HTTP request of the shop's integrations (src/WalleyCheckout.php, src/WalleyLegacyCheckout.php),
 * plain PHP cURL: a transport failure or a 4xx/5xx becomes a WalleyError saying what was asked
 * and what the service answered.
 */

declare(strict_types=1);

namespace Shop\Walley;

final class WalleyHttp
{
    /**
     * One request. The CA comes from php.ini (curl.cainfo) or the system store: nothing here
     * changes between the real service and the sandbox.
     *
     * @param list<string> $headers
     * @return array{status: int, body: array<string, mixed>|null}
     */
    public static function send(string $method, string $url, ?string $body, array $headers): array
    {
        $curl = curl_init($url);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_CONNECTTIMEOUT => 5,
            CURLOPT_TIMEOUT => 20,
        ]);
        if ($body !== null) {
            curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
        }
        $text = curl_exec($curl);
        if ($text === false) {
            $error = curl_error($curl);
            curl_close($curl);
            throw new WalleyError("$method $url: $error", 0, null);
        }
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        $decoded = $text === '' ? null : json_decode($text, true);
        if ($status >= 400) {
            // Entra's errors carry error_description (AADSTS…); the API's carry error.message.
            $why = $decoded['error_description'] ?? $decoded['error']['message'] ?? $text;
            throw new WalleyError("$method $url answered $status: $why", $status, is_array($decoded) ? $decoded : null);
        }
        return ['status' => $status, 'body' => is_array($decoded) ? $decoded : null];
    }
}
