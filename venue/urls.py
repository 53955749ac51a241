from django.urls import path

from venue import views

app_name = "venue"
urlpatterns = [
    path("mail/", views.mail_sheets, name="mail"),
]
