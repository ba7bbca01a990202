"""Words of the report and the request, in English and Russian.

The report is made headless (a test server without Qt's GUI), and report/ may not import Qt except for
the PDF renderer (docs/architecture.md), so its words are a plain catalog here instead of Qt's .ts/.qm files, which
serve the window. Keys are the English texts; a missing Russian text falls back to English, and
tests/test_report.py fails when one is missing.
"""

from __future__ import annotations

from trainsizer import vocab

LANGS = ("en", "ru")

RU = {
    "Acceptance report": "Акт приёмки",
    "Hardware-selection request (draft)": "Запрос на подбор оборудования (черновик)",
    "Verdict": "Вердикт",
    "accepted": "принято", "rejected": "отклонено", "incomplete": "не завершено",
    "passed": "пройдено", "failed": "не пройдено", "not_run": "не запускалось",
    "The five acceptance checks": "Пять проверок приёмки",
    "check": "проверка", "status": "статус", "evidence": "доказательство",
    "recorded": "спецификация записана", "placement": "размещение показано",
    "peak_and_step": "пиковая память и время шага", "quality": "качество на отложенных данных",
    "resume": "возобновление из контрольной точки",
    "What did not run": "Что не было выполнено",
    "The run did not complete": "Прогон не завершён",
    "ok": "завершено", "oom": "не помещается (нехватка памяти)", "crash": "рабочий процесс аварийно завершился",
    "cancelled": "отменено",
    "Run specification": "Спецификация прогона",
    "model": "модель", "parameters": "параметры", "method": "метод", "compute dtype": "тип вычислений",
    "optimizer": "оптимизатор", "batch": "батч", "sequence length": "длина последовательности",
    "gradient checkpointing": "пересчёт активаций", "parallelism": "параллелизм", "data": "данные",
    "quality rule": "правило качества", "engine": "движок", "on": "вкл.", "off": "выкл.",
    "micro-batch %s × accumulation %s": "микробатч %s × накопление %s",
    "Environment": "Окружение",
    "GPUs": "GPU", "none": "нет", "driver": "драйвер", "CUDA": "CUDA", "CPU": "CPU", "RAM": "ОЗУ",
    "operating system": "операционная система", "host name": "имя хоста", "versions": "версии",
    "topology": "топология", "disk free": "свободно на диске",
    "Placement of weights and training state": "Размещение весов и состояния обучения",
    "item": "статья", "host": "хост",
    "weights": "веса", "gradients": "градиенты", "optimizer_states": "состояния оптимизатора",
    "master_weights": "мастер-веса", "activations": "активации", "logits_and_loss": "логиты и функция потерь",
    "cuda_context": "контекст CUDA", "allocator_overhead": "накладные расходы аллокатора",
    "comm_buffers": "буферы обмена", "other": "временные буферы оптимизатора", "peak": "пик",
    "process_baseline": "базовая память процесса", "model_loading_peak": "пик загрузки модели",
    "offloaded_states": "выгруженные состояния", "pinned_buffers": "закреплённые буферы",
    "device_working_set": "рабочий набор устройства (CPU)",
    "Memory": "Память", "Memory over the run": "Память во время прогона",
    "Estimated against measured": "Оценка и измерение",
    "estimated": "оценка", "measured": "измерено", "ratio": "отношение",
    "peak per device": "пик по устройствам", "allocated": "выделено", "reserved": "зарезервировано",
    "NVML used": "занято по NVML", "host RSS": "RSS на хосте",
    "Step time and throughput": "Время шага и пропускная способность",
    "median": "медиана", "p95": "p95", "min": "минимум", "steps": "шагов", "tokens/s": "токенов/с",
    "samples/s": "примеров/с", "TFLOP/s": "ТФЛОП/с", "utilization (MFU)": "загрузка (MFU)",
    "Quality on held-out data": "Качество на отложенных данных",
    "metric": "метрика", "before": "до", "after": "после", "rule": "правило",
    "Resume from a checkpoint": "Возобновление из контрольной точки",
    "saved at steps": "сохранено после шагов", "max |Δloss|": "max |Δloss|", "max |Δparam|": "max |Δparam|",
    "noise floor": "уровень шума", "checkpoint size": "размер контрольной точки",
    "save time": "время сохранения", "load time": "время загрузки",
    "Tool and time": "Инструмент и время", "tool version": "версия инструмента", "created": "создан",
    "finished": "завершён", "stages": "этапы",
    "not available": "недоступно", "not measured": "не измерено",
    "phase": "фаза", "time, s": "время, с", "RSS": "RSS",
    "%s capacity": "ёмкость %s", "%s predicted peak": "прогноз пика %s",
    "load": "загрузка", "forward": "прямой проход", "backward": "обратный проход",
    "evaluation": "оценка качества", "memory accounting": "учёт памяти", "checkpoint": "контрольная точка",
    "out of memory in %s at step %s": "нехватка памяти на этапе %s, шаг %s",
    # the request
    "Task": "Задача", "Requirements": "Требования", "What was measured here": "Что измерено на этой машине",
    "Open questions for the vendor": "Вопросы к поставщику",
    "GPU memory per device": "память GPU на устройство",
    "%s peak + %s headroom = at least %s": "пик %s + запас %s = не менее %s",
    "number of GPUs": "число GPU", "interconnect": "межсоединение",
    "NVLink or an NVSwitch fabric between the GPUs (%s exchanges gradients every step)":
        "NVLink или NVSwitch между GPU (%s обменивается градиентами на каждом шаге)",
    "not needed (one GPU)": "не требуется (один GPU)",
    "host RAM": "ОЗУ хоста", "disk for checkpoints": "диск под контрольные точки",
    "%s per checkpoint × %s kept = %s": "%s на контрольную точку × %s хранимых = %s",
    "target step time": "целевое время шага", "target throughput": "целевая пропускная способность",
    "measured here": "измерено здесь",
    "Which GPU models and counts meet these requirements, with their delivery times?":
        "Какие модели и количество GPU удовлетворяют этим требованиям и каковы сроки поставки?",
    "What interconnect (NVLink/NVSwitch, PCIe generation) do the offered servers have between GPUs?":
        "Какое межсоединение (NVLink/NVSwitch, поколение PCIe) между GPU у предлагаемых серверов?",
    "Can the offered configuration be lent for an acceptance run with this tool before purchase?":
        "Можно ли получить предлагаемую конфигурацию для приёмочного прогона этим инструментом до покупки?",
    "What are the power and cooling requirements of the offered servers?":
        "Каковы требования к питанию и охлаждению предлагаемых серверов?",
    "The measurement ran on the CPU here; the GPU figures are the estimate's.":
        "Измерение здесь выполнено на CPU; цифры для GPU — из оценки.",
    "Hello,": "Здравствуйте!",
    "please find below the requirements of a training workload and the acceptance report of a test run.":
        "Ниже приведены требования к задаче обучения и акт приёмки тестового прогона.",
    "estimated for a GPU": "оценка для GPU",
    "Regards": "С уважением",
    "Request: hardware for training %s": "Запрос: оборудование для обучения %s",
    "Problem in the run folder": "Проблема в папке запуска",
    "redacted": "скрыто",
    "Identifying details (host and user names, local paths, serial numbers, UUIDs) are redacted.":
        "Идентифицирующие сведения (имена хоста и пользователя, локальные пути, серийные номера, UUID) скрыты.",
}


# English words for codes that the result carries (check ids, statuses, item keys).
EN = {
    **vocab.CHECK_WORDS, **{k: v for k, v in vocab.STATUS_WORDS.items() if k not in ("accepted", "rejected", "incomplete")},
    **vocab.ITEM_WORDS,
    "process_baseline": "process baseline", "model_loading_peak": "model loading peak",
    "offloaded_states": "offloaded states", "pinned_buffers": "pinned buffers",
    "device_working_set": "device working set (CPU)",
}


def translator(lang: str):
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; one of {', '.join(LANGS)}")

    def t(text: str, *args) -> str:
        out = RU.get(text, text) if lang == "ru" else EN.get(text, text)
        return out % args if args else out

    return t
