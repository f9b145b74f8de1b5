<?php
/**
 * The test run's setup: the integration's classes, and the shop's own merchant, store and
 * credentials (the same WALLEY_* settings the shop uses) registered with the sandbox through
 * its admin API, so the shop keeps its settings instead of taking the scenario's. The run
 * stops here, saying why, when the sandbox holds that merchant with other settings.
 */

declare(strict_types=1);

require __DIR__ . '/../src/WalleyHttp.php';
require __DIR__ . '/../src/WalleyCheckout.php';
require __DIR__ . '/../src/WalleyLegacyCheckout.php';
require __DIR__ . '/SandboxAdmin.php';

Shop\Walley\Tests\SandboxAdmin::fromEnvironment()->registerShop();
