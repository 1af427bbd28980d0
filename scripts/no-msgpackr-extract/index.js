// msgpackr loads msgpackr-extract inside a try and falls back to plain JavaScript when it fails.
throw new Error('msgpackr-extract is not installed: msgpackr uses its JavaScript decoder');
